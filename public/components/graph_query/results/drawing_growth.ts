/**
 * The drawing grown by a neighbour expansion (picture_layers.ts) without redrawing it: what was
 * drawn stays where the user saw it, and each new document goes near the drawn document it links
 * to (the expanded node), outside the documents already around that one, on the first free spot
 * of widening rings, the side facing away from the rest of the drawing first. A force layout was
 * tried: with the drawn documents held in place it pushed the new ones into the next group.
 */
import type { Core, ElementDefinition, NodeSingular, Position } from 'cytoscape';
import { CAPTION_FONT, CAPTION_WIDTH } from './drawing_elements';

/** Room between a new document and its anchor's other neighbours, and between rings (px). */
const RING_STEP = 40;
/**
 * The room a document takes, caption included, whether or not its caption is drawn now (a zoom
 * that hides captions is undone by zooming in): its 22 px node, the caption below it (5 px down,
 * one line with its 2 px box), and a margin; the widest caption is CAPTION_WIDTH.
 */
export const DOCUMENT_BOX = { w: CAPTION_WIDTH + 20, h: 22 + 5 + CAPTION_FONT + 4 + 16 };
/** The box's middle is below the node's, where the caption hangs. */
const BOX_DROP = (5 + CAPTION_FONT + 4) / 2;
/** Rings tried before a document is put on the last one regardless. */
const MAX_RINGS = 40;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Makes `cy` draw exactly `elements`: new ones added and placed, gone ones removed, the data and
 * classes of the others updated (a document becomes a hub as links reach it). Answers how many
 * documents were added.
 */
export function growDrawing(cy: Core, elements: readonly ElementDefinition[]): number {
  const wanted = new Map(elements.map((element) => [String(element.data.id), element]));
  const fresh = elements.filter((element) => cy.getElementById(String(element.data.id)).empty());
  cy.batch(() => {
    cy.elements()
      .filter((element) => !wanted.has(element.id()))
      .remove();
    cy.elements().forEach((element) => {
      const definition = wanted.get(element.id())!;
      element.data(definition.data);
      element.classes(definition.classes ?? '');
    });
  });
  if (fresh.length === 0) return 0;

  const drawn = cy.nodes();
  const added = cy.add(fresh.filter((element) => element.group === 'nodes'));
  cy.add(fresh.filter((element) => element.group === 'edges'));
  if (added.empty()) return 0;

  const occupied: Box[] = drawn.map((node) => boxAt(node.position()));
  const before = new Set(drawn.map((node) => node.id()));
  const bounds = drawn.boundingBox({});
  const middle = drawn.empty()
    ? { x: 0, y: 0 }
    : { x: (bounds.x1 + bounds.x2) / 2, y: (bounds.y1 + bounds.y2) / 2 };
  added.forEach((node) => {
    const anchors = node.neighborhood().nodes().intersection(drawn);
    const anchor = anchors.nonempty() ? anchors[0] : null;
    const place = freePlace(node, anchor, middle, occupied, before);
    node.position(place);
    occupied.push(boxAt(place));
  });
  // What the expansion brought is what the user looks for: selected (outlined) until a click.
  cy.nodes().unselect();
  added.select();
  return added.length;
}

/**
 * The first spot for `node` whose box overlaps none of `occupied`: on rings around its anchor
 * (around the drawing's middle when it links to nothing drawn), starting just outside the
 * anchor's drawn neighbours, each ring tried from the direction pointing away from `middle`.
 */
function freePlace(
  node: NodeSingular,
  anchor: NodeSingular | null,
  middle: Position,
  occupied: Box[],
  before: ReadonlySet<string>
): Position {
  const centre = anchor ? anchor.position() : middle;
  // The anchor's neighbours drawn before: the new documents go outside them (beside each other).
  const around: NodeSingular[] = anchor
    ? anchor
        .neighborhood()
        .nodes()
        .toArray()
        .filter((other): other is NodeSingular => other.isNode() && before.has(other.id()))
    : [];
  const reach = Math.max(
    0,
    ...around.map((other) =>
      Math.hypot(other.position().x - centre.x, other.position().y - centre.y)
    )
  );
  const away = anchor ? Math.atan2(centre.y - middle.y, centre.x - middle.x) : -Math.PI / 2;
  let place = centre;
  for (let ring = 1; ring <= MAX_RINGS; ring++) {
    const radius = reach + ring * RING_STEP;
    for (const angle of ringAngles(away, radius)) {
      place = { x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) };
      const box = boxAt(place);
      if (!occupied.some((other) => overlaps(box, other))) return place;
    }
  }
  return place;
}

/**
 * Angles on a ring of `radius`, about one document apart, nearest to `away` first (alternating
 * either side of it).
 */
export function ringAngles(away: number, radius: number): number[] {
  const count = Math.max(8, Math.min(64, Math.round((2 * Math.PI * radius) / RING_STEP)));
  const step = (2 * Math.PI) / count;
  const angles = [away];
  for (let k = 1; angles.length < count; k++) {
    angles.push(away + k * step);
    if (angles.length < count) angles.push(away - k * step);
  }
  return angles;
}

/** The box a document drawn at `place` takes: its node with its caption (below it). */
function boxAt(place: Position): Box {
  return { x: place.x, y: place.y + BOX_DROP, ...DOCUMENT_BOX };
}

function overlaps(a: Box, b: Box): boolean {
  return Math.abs(a.x - b.x) * 2 < a.w + b.w && Math.abs(a.y - b.y) * 2 < a.h + b.h;
}
