import type { ElementDefinition, StylesheetJson } from 'cytoscape';
import type { Subgraph } from './subgraph';

/** Each label its colour, in legend order; the palette repeats past its end. */
export function labelColors(labels: readonly string[], palette: readonly string[]) {
  return new Map(labels.map((label, i) => [label, palette[i % palette.length]]));
}

const MAX_CAPTION = 24;

function shorten(text: string): string {
  return text.length > MAX_CAPTION ? `${text.slice(0, MAX_CAPTION - 1)}…` : text;
}

/** The subgraph as cytoscape elements: node ids are document keys (`index/id`). */
export function drawingElements(
  graph: Subgraph,
  colors: ReadonlyMap<string, string>
): ElementDefinition[] {
  return [
    ...graph.nodes.map((node): ElementDefinition => ({
      group: 'nodes',
      data: {
        id: node.key,
        caption: shorten(node.caption),
        label: node.label,
        color: colors.get(node.label) ?? '#98A2B3',
      },
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
 * below their node on an opaque label box, and nodes (with their captions) are drawn over the
 * edges, so a caption is never crossed by a line; edge labels follow their edge (autorotate) on a
 * box of their own, so the line does not run through the text.
 */
export const DRAWING_STYLE: StylesheetJson = [
  {
    selector: 'node',
    style: {
      'background-color': 'data(color)',
      label: 'data(caption)',
      'font-size': 12,
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
