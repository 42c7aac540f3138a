import cytoscape, { type ElementDefinition } from 'cytoscape';
import { useEffect, useRef } from 'react';
import { DRAWING_STYLE } from './drawing_elements';

export interface CytoscapeDrawingProps {
  elements: ElementDefinition[];
  /** A node was clicked or tapped: its id (the document key). */
  onSelectNode: (id: string) => void;
  ariaLabel: string;
  height?: number;
}

/**
 * The node-link drawing, by cytoscape (loaded with the picture, not with the app). Owns one
 * cytoscape instance per set of elements and destroys it on change and unmount.
 */
export default function CytoscapeDrawing({
  elements,
  onSelectNode,
  ariaLabel,
  height = 440,
}: CytoscapeDrawingProps) {
  const container = useRef<HTMLDivElement>(null);
  // The latest handler, without re-creating the drawing when only the handler changes.
  const onSelect = useRef(onSelectNode);
  onSelect.current = onSelectNode;

  useEffect(() => {
    const cy = cytoscape({
      container: container.current,
      elements,
      style: DRAWING_STYLE,
      layout: { name: 'cose', animate: false, nodeDimensionsIncludeLabels: true },
      minZoom: 0.2,
      maxZoom: 4,
    });
    cy.on('tap', 'node', (event) => onSelect.current(event.target.id()));
    return () => cy.destroy();
  }, [elements]);

  return (
    <div
      ref={container}
      role="img"
      aria-label={ariaLabel}
      data-test-subj="federationGraphDrawing"
      style={{ height, width: '100%' }}
    />
  );
}
