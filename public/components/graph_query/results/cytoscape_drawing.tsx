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

/** The first fit zooms in no further than this: a small graph stays at reading size. */
const MAX_FIT_ZOOM = 1.2;
/** How far the user may zoom in afterwards (wheel, pinch). */
const MAX_ZOOM = 4;
/** Room around the graph after the fit, in pixels, so outer captions are not cut. */
const FIT_PADDING = 40;

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
    // Fitting zooms as far as `maxZoom` allows: cap it for the layout's fit, then let the user
    // zoom further.
    const cy = cytoscape({
      container: container.current,
      elements,
      style: DRAWING_STYLE,
      minZoom: 0.2,
      maxZoom: MAX_FIT_ZOOM,
    });
    const layout = cy.layout({
      name: 'cose',
      animate: false,
      fit: true,
      padding: FIT_PADDING,
      nodeDimensionsIncludeLabels: true,
      // Longer edges than cose's default (32) keep edge labels clear of the node captions.
      idealEdgeLength: () => 100,
      nodeRepulsion: () => 8192,
    });
    layout.one('layoutstop', () => cy.maxZoom(MAX_ZOOM));
    layout.run();
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
