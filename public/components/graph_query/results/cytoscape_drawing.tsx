import cytoscape, { type Core, type ElementDefinition } from 'cytoscape';
import { useEffect, useRef } from 'react';
import { ensureCytoscapeStylesheet } from './cytoscape_stylesheet';
import { DRAWING_STYLE } from './drawing_elements';
import { growDrawing } from './drawing_growth';
import { hideUnreadableCaptions } from './readable_captions';
import {
  drawingHeight,
  drawingLayout,
  FIT_PADDING,
  gridCell,
  gridColumns,
  isStar,
  packParts,
  partLayout,
} from './drawing_layout';

export interface CytoscapeDrawingProps {
  elements: ElementDefinition[];
  /** A node was clicked or tapped: its id (the document key). */
  onSelectNode: (id: string) => void;
  /**
   * A node's menu was asked for (right-click, or a long press on a touch screen): its id and where
   * it is drawn, in pixels from the drawing's top left corner.
   */
  onNodeMenu?: (id: string, at: { x: number; y: number }) => void;
  ariaLabel: string;
}

/** The first fit zooms in no further than this: a small graph stays at reading size. */
const MAX_FIT_ZOOM = 1.2;
/** How far the user may zoom in afterwards (wheel, pinch). */
const MAX_ZOOM = 4;

/**
 * The node-link drawing, by cytoscape (loaded with the picture, not with the app). Owns one
 * cytoscape instance from mount to unmount: the first elements are laid out whole; later ones
 * (a neighbour expansion) grow the drawing, what was drawn staying in place (drawing_growth.ts).
 */
export default function CytoscapeDrawing({
  elements,
  onSelectNode,
  onNodeMenu,
  ariaLabel,
}: CytoscapeDrawingProps) {
  const container = useRef<HTMLDivElement>(null);
  // The latest handlers and elements, without re-creating the drawing when they change.
  const onSelect = useRef(onSelectNode);
  onSelect.current = onSelectNode;
  const onMenu = useRef(onNodeMenu);
  onMenu.current = onNodeMenu;
  const firstElements = useRef(elements);
  const drawing = useRef<{ cy: Core; grow: (elements: ElementDefinition[]) => void } | null>(null);
  const nodeCount = elements.filter((element) => element.group === 'nodes').length;

  useEffect(() => {
    ensureCytoscapeStylesheet(document);
    // Fitting zooms as far as `maxZoom` allows: cap it for each fit, then let the user zoom
    // further.
    const cy = cytoscape({
      container: container.current,
      elements: firstElements.current,
      style: DRAWING_STYLE,
      minZoom: 0.2,
      maxZoom: MAX_FIT_ZOOM,
    });
    const captions = hideUnreadableCaptions(cy);
    const hasEdges = cy.edges().length > 0;
    // Lays the nodes out and fits them to the drawing (the grid's columns follow its shape).
    const place = () => {
      captions.showAll();
      const columns = gridColumns(
        cy.nodes().length,
        { width: cy.width() - 2 * FIT_PADDING, height: cy.height() - 2 * FIT_PADDING },
        gridCell(
          cy.nodes().map((node) => node.layoutDimensions({ nodeDimensionsIncludeLabels: true }))
        ),
        MAX_FIT_ZOOM
      );
      const allowed = cy.maxZoom();
      cy.maxZoom(MAX_FIT_ZOOM);
      if (hasEdges) {
        // One connected part at a time, then the parts packed to the drawing's shape.
        const parts = cy.elements().components();
        for (const part of parts) {
          const nodes = part.nodes();
          const star = isStar(nodes.length, nodes.maxDegree(false));
          part.layout(partLayout(star)).run();
        }
        const boxes = parts.map((part) => part.boundingBox({ includeLabels: true }));
        const places = packParts(boxes, cy.width() / Math.max(1, cy.height()));
        parts.forEach((part, i) =>
          part.nodes().shift({ x: places[i].x - boxes[i].x1, y: places[i].y - boxes[i].y1 })
        );
        cy.fit(undefined, FIT_PADDING);
      } else {
        cy.layout(drawingLayout(false, { columns })).run();
      }
      cy.maxZoom(allowed);
      captions.update();
    };
    place();
    cy.maxZoom(MAX_ZOOM);
    // Until the user zooms or pans, a resized drawing (window, side panel) is placed again: the
    // grid anew, a force layout (whose placing is random) or a grown drawing only fitted.
    let userMoved = false;
    let grown = false;
    cy.one('scrollzoom pinchzoom dragpan', () => (userMoved = true));
    const fit = () => {
      cy.maxZoom(MAX_FIT_ZOOM);
      cy.fit(undefined, FIT_PADDING);
      cy.maxZoom(MAX_ZOOM);
      captions.update();
    };
    let size = { width: cy.width(), height: cy.height() };
    const resized = () => {
      cy.resize();
      const now = { width: cy.width(), height: cy.height() };
      if (userMoved || (now.width === size.width && now.height === size.height)) return;
      size = now;
      if (!hasEdges && !grown) return place();
      fit();
    };
    cy.on('tap', 'node', (event) => onSelect.current(event.target.id()));
    cy.on('cxttap taphold', 'node', (event) =>
      onMenu.current?.(event.target.id(), event.target.renderedPosition())
    );
    // The page's own menu would cover the node's.
    const noPageMenu = (event: Event) => event.preventDefault();
    container.current?.addEventListener('contextmenu', noPageMenu);
    const grow = (next: ElementDefinition[]) => {
      captions.showAll();
      if (growDrawing(cy, next) > 0) {
        grown = true;
        // The user asked for the new documents: the whole drawing in view, them included.
        fit();
      }
      captions.update();
    };
    drawing.current = { cy, grow };
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resized);
    const element = container.current;
    if (element) observer?.observe(element);
    return () => {
      drawing.current = null;
      element?.removeEventListener('contextmenu', noPageMenu);
      observer?.disconnect();
      captions.stop();
      cy.destroy();
    };
  }, []);

  useEffect(() => {
    // The first elements are drawn by the effect above; later ones grow the drawing.
    if (elements !== firstElements.current) drawing.current?.grow(elements);
  }, [elements]);

  return (
    <div
      ref={container}
      role="img"
      aria-label={ariaLabel}
      data-test-subj="federationGraphDrawing"
      style={{ height: drawingHeight(nodeCount), width: '100%' }}
    />
  );
}
