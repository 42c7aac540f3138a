import type { ElementDefinition, StylesheetJson } from 'cytoscape';
import type { Subgraph } from './subgraph';

/** Each label its colour, in legend order; the palette repeats past its end. */
export function labelColors(labels: readonly string[], palette: readonly string[]) {
  return new Map(labels.map((label, i) => [label, palette[i % palette.length]]));
}

/** Captions are cut (with an ellipsis, by cytoscape) to this width in model pixels. */
export const CAPTION_WIDTH = 130;
/** Caption size at 100 % zoom (OUI's small text). */
export const CAPTION_FONT = 12;
/** Hubs (documents linked to several others) have larger captions: named in an overview. */
export const HUB_FONT = 20;
/** Links that make a document a hub. */
const HUB_DEGREE = 3;

/** The subgraph as cytoscape elements: node ids are document keys (`index/id`). */
export function drawingElements(
  graph: Subgraph,
  colors: ReadonlyMap<string, string>
): ElementDefinition[] {
  const degree = new Map<string, number>();
  for (const { source, target } of graph.edges) {
    degree.set(source, (degree.get(source) ?? 0) + 1);
    if (target !== source) degree.set(target, (degree.get(target) ?? 0) + 1);
  }
  return [
    ...graph.nodes.map((node): ElementDefinition => ({
      group: 'nodes',
      data: {
        id: node.key,
        caption: node.caption,
        label: node.label,
        color: colors.get(node.label) ?? '#98A2B3',
      },
      ...((degree.get(node.key) ?? 0) >= HUB_DEGREE ? { classes: 'hub' } : {}),
    })),
    ...graph.edges.map((edge, i): ElementDefinition => ({
      group: 'edges',
      data: { id: `e${i}`, source: edge.source, target: edge.target, label: edge.label },
      classes: [edge.directed ? 'directed' : '', edge.indirect ? 'indirect' : '']
        .filter(Boolean)
        .join(' '),
    })),
  ];
}

/**
 * Drawing style: OUI's text colours and sizes; colours come from the nodes' data. Captions sit
 * below their node on an opaque label box, cut to one width with an ellipsis (the full caption
 * is in the node list and the document), and nodes (with their captions) are drawn over the
 * edges, so a caption is never crossed by a line; edge labels follow their edge (autorotate) on a
 * box of their own, so the line does not run through the text.
 */
export const DRAWING_STYLE: StylesheetJson = [
  {
    selector: 'node',
    style: {
      'background-color': 'data(color)',
      label: 'data(caption)',
      'text-wrap': 'ellipsis',
      'text-max-width': `${CAPTION_WIDTH}px`,
      'font-size': CAPTION_FONT,
      'font-family': 'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial',
      color: '#343741',
      'text-valign': 'bottom',
      'text-margin-y': 5,
      'text-background-color': '#FFFFFF',
      'text-background-opacity': 1,
      'text-background-padding': '2px',
      'text-background-shape': 'roundrectangle',
      width: 22,
      height: 22,
      'border-width': 1,
      'border-color': '#FFFFFF',
    },
  },
  {
    selector: 'node.hub',
    // The caption width grows with the font, so a hub's caption is cut no shorter.
    style: {
      'font-size': HUB_FONT,
      'font-weight': 600,
      'text-max-width': `${Math.round((CAPTION_WIDTH * HUB_FONT) / CAPTION_FONT)}px`,
    },
  },
  // Set while the zoom makes the caption too small to read (readable_captions.ts).
  { selector: 'node.unreadable', style: { label: '' } },
  {
    selector: 'node:selected',
    style: { 'border-width': 3, 'border-color': '#006BB4' },
  },
  {
    selector: 'edge',
    style: {
      width: 1.5,
      'line-color': '#98A2B3',
      'target-arrow-color': '#98A2B3',
      'curve-style': 'bezier',
      label: 'data(label)',
      'font-size': 10,
      // Relation names are shown from full size up (the legend and arrows tell the rest): in a
      // fitted crowd they would cover the captions.
      'min-zoomed-font-size': 11,
      'font-family': 'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial',
      color: '#69707D',
      'text-rotation': 'autorotate',
      'text-background-color': '#FFFFFF',
      'text-background-opacity': 1,
      'text-background-padding': '2px',
      'text-background-shape': 'roundrectangle',
      'text-border-color': '#D3DAE6',
      'text-border-width': 1,
      'text-border-opacity': 1,
    },
  },
  { selector: 'edge.directed', style: { 'target-arrow-shape': 'triangle' } },
  { selector: 'edge.indirect', style: { 'line-style': 'dashed' } },
];
