import type { LayoutOptions } from 'cytoscape';

/** Room around the graph after the fit, in pixels, so outer captions are not cut. */
export const FIT_PADDING = 40;
/** Space between grid cells, in model pixels. */
const GRID_GAP = 10;

/** The drawing's height for this many documents: taller for more, so the fit keeps captions
 * readable, within what a screen shows beside the legend. */
export function drawingHeight(nodes: number): number {
  return Math.min(760, Math.max(440, 440 + (nodes - 20) * 6));
}

/**
 * The grid's column count that draws `count` cells of `cell` (a node with its caption) largest
 * in a `width` × `height` area, up to `maxZoom` (the fit zooms no further; among counts that
 * reach it, the one with most columns: a few documents in a row). Cytoscape's grid picks rows
 * and columns as if cells were square; a caption makes them about three times wider than tall,
 * so its choice leaves the fit far smaller than it needs to be.
 */
export function gridColumns(
  count: number,
  area: { width: number; height: number },
  cell: { width: number; height: number },
  maxZoom: number
): number {
  let best = { columns: Math.max(1, count), zoom: -1 };
  for (let columns = Math.max(1, count); columns >= 1; columns--) {
    const rows = Math.ceil(count / columns);
    const zoom = Math.min(
      maxZoom,
      area.width / (columns * cell.width),
      area.height / (rows * cell.height)
    );
    if (zoom > best.zoom) best = { columns, zoom };
  }
  return best.columns;
}

/**
 * How cytoscape places the nodes. Documents with no edge at all have nothing for a force layout
 * to hold them by: it strings them out in long rows and the fit then shrinks every caption. They
 * go in a grid instead, cells as large as the largest captioned node, ordered by label and
 * caption. Linked documents get the force layout (cose), captions counted in node sizes, one
 * connected part at a time (see `packParts`).
 */
export function drawingLayout(hasEdges: boolean, grid: { columns: number }): LayoutOptions {
  const common = {
    animate: false,
    fit: true,
    padding: FIT_PADDING,
    nodeDimensionsIncludeLabels: true,
  } as const;
  if (!hasEdges) {
    return {
      ...common,
      name: 'grid',
      avoidOverlap: true,
      avoidOverlapPadding: GRID_GAP,
      condense: true,
      cols: grid.columns,
      sort: (a, b) =>
        String(a.data('label')).localeCompare(String(b.data('label'))) ||
        String(a.data('caption')).localeCompare(String(b.data('caption'))),
    };
  }
  return {
    ...common,
    // Each part is laid out alone, then the parts are packed and fitted together.
    fit: false,
    name: 'cose',
    // Longer edges than cose's default (32) keep edge labels (shown from full size up) clear
    // of the node captions; short enough that a star of captioned documents stays compact.
    idealEdgeLength: () => 70,
    nodeRepulsion: () => 4096,
  };
}

/**
 * A star (one document linked to every other, as `MATCH (a)-[]->(c)` draws each c with its a's)
 * goes on rings: the hub in the middle, the rest around it, spaced so that no two captioned
 * nodes overlap (cose only discourages overlap: at full size captions came out on top of each
 * other). Other parts get cose.
 */
export function partLayout(isStar: boolean): LayoutOptions {
  if (!isStar) return drawingLayout(true, { columns: 1 });
  return {
    name: 'concentric',
    animate: false,
    fit: false,
    nodeDimensionsIncludeLabels: true,
    avoidOverlap: true,
    minNodeSpacing: 10,
    // The hub (most links) innermost; one ring per number of links.
    concentric: (node) => node.degree(false),
    levelWidth: () => 1,
  };
}

/** Whether a part of `nodes` nodes whose largest degree is `maxDegree` is a star. */
export function isStar(nodes: number, maxDegree: number): boolean {
  return nodes >= 3 && maxDegree === nodes - 1;
}

/** The grid cell of the largest node, caption included (what the grid makes every cell). */
export function gridCell(sizes: ReadonlyArray<{ w: number; h: number }>) {
  return {
    width: Math.max(1, ...sizes.map((s) => s.w)) + GRID_GAP,
    height: Math.max(1, ...sizes.map((s) => s.h)) + GRID_GAP,
  };
}

/**
 * Where each connected part goes (its top-left corner), given the parts' sizes: in rows, tallest
 * parts first, the row width chosen so the whole fits the drawing's shape (`aspect`: its width
 * over its height) at the largest zoom. Cose packs parts in rows too, but sizes them by the
 * square root of their area times the aspect, which at 1,440 px puts a dozen star-shaped parts
 * in one long row and the fit shrinks every caption to a speck.
 */
export function packParts(
  sizes: ReadonlyArray<{ w: number; h: number }>,
  aspect: number,
  gap = 40
): Array<{ x: number; y: number }> {
  const order = sizes.map((_, i) => i).sort((a, b) => sizes[b].h - sizes[a].h || a - b);
  let best: { places: Array<{ x: number; y: number }>; zoom: number } | null = null;
  // Each candidate row holds the first k parts: try every k, keep the one that fits largest.
  let rowWidth = 0;
  for (const i of order) {
    rowWidth += (rowWidth > 0 ? gap : 0) + sizes[i].w;
    const packed = shelves(sizes, order, rowWidth, gap);
    const zoom = Math.min(aspect / packed.width, 1 / packed.height);
    if (!best || zoom > best.zoom) best = { places: packed.places, zoom };
  }
  return best?.places ?? [];
}

/** Parts in `order`, left to right, a new row when the next would pass `rowWidth`. */
function shelves(
  sizes: ReadonlyArray<{ w: number; h: number }>,
  order: readonly number[],
  rowWidth: number,
  gap: number
) {
  const places: Array<{ x: number; y: number }> = sizes.map(() => ({ x: 0, y: 0 }));
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let width = 0;
  for (const i of order) {
    if (x > 0 && x + sizes[i].w > rowWidth) {
      x = 0;
      y += rowHeight + gap;
      rowHeight = 0;
    }
    places[i] = { x, y };
    width = Math.max(width, x + sizes[i].w);
    x += sizes[i].w + gap;
    rowHeight = Math.max(rowHeight, sizes[i].h);
  }
  return { places, width, height: y + rowHeight };
}
