import cytoscape, { type ElementDefinition } from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_BOX, growDrawing, ringAngles } from './drawing_growth';

const node = (id: string, classes?: string): ElementDefinition => ({
  group: 'nodes',
  data: { id, caption: id },
  ...(classes ? { classes } : {}),
});
const edge = (id: string, source: string, target: string): ElementDefinition => ({
  group: 'edges',
  data: { id, source, target },
});

/** A drawing already laid out: three documents in a row. */
function drawn() {
  const cy = cytoscape({
    headless: true,
    elements: [node('a'), node('b'), node('c'), edge('e0', 'a', 'b'), edge('e1', 'b', 'c')],
  });
  cy.getElementById('a').position({ x: 0, y: 0 });
  cy.getElementById('b').position({ x: 100, y: 0 });
  cy.getElementById('c').position({ x: 200, y: 0 });
  return cy;
}

const positions = (cy: cytoscape.Core) =>
  Object.fromEntries(cy.nodes().map((n) => [n.id(), n.position()]));

describe('ringAngles', () => {
  it('tries the direction away from the drawing first, then either side of it', () => {
    const angles = ringAngles(0, 40);
    expect(angles).toHaveLength(8);
    expect(angles.slice(0, 3).map((a) => Math.round((a * 180) / Math.PI))).toEqual([0, 45, -45]);
    // Wider rings hold more places, about one document apart.
    expect(ringAngles(0, 400)).toHaveLength(63);
    expect(ringAngles(0, 4000)).toHaveLength(64);
  });
});

describe('growDrawing', () => {
  it('adds the new documents and links, keeping the drawn ones where they were', () => {
    const cy = drawn();
    const before = positions(cy);
    const added = growDrawing(cy, [
      node('a'),
      node('b', 'hub'),
      node('c'),
      node('d'),
      node('e'),
      edge('e0', 'a', 'b'),
      edge('e1', 'b', 'c'),
      edge('e2', 'd', 'b'),
      edge('e3', 'e', 'b'),
    ]);
    expect(added).toBe(2);
    expect(cy.nodes().map((n) => n.id())).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(cy.edges().map((e) => [e.id(), e.source().id(), e.target().id()])).toEqual([
      ['e0', 'a', 'b'],
      ['e1', 'b', 'c'],
      ['e2', 'd', 'b'],
      ['e3', 'e', 'b'],
    ]);
    const after = positions(cy);
    expect({ a: after.a, b: after.b, c: after.c }).toEqual(before);
    // The classes follow the elements (b became a hub); no node is left locked.
    expect(cy.getElementById('b').hasClass('hub')).toBe(true);
    expect(cy.nodes(':locked')).toHaveLength(0);
    // The new ones near the document they link to (b), outside its neighbours (a and c, 100
    // away), clear of every other document and its caption; selected, as what is new.
    for (const id of ['d', 'e']) {
      const distance = Math.hypot(after[id].x - 100, after[id].y);
      expect(distance).toBeGreaterThan(100);
      expect(distance).toBeLessThanOrEqual(100 + 3 * 40);
    }
    const ids = Object.keys(after);
    for (const p of ['d', 'e']) {
      for (const q of ids) {
        if (p !== q) {
          const apart =
            Math.abs(after[p].x - after[q].x) >= DOCUMENT_BOX.w ||
            Math.abs(after[p].y - after[q].y) >= DOCUMENT_BOX.h;
          expect(apart, `${p} and ${q}`).toBe(true);
        }
      }
    }
    expect(cy.nodes(':selected').map((n) => n.id())).toEqual(['d', 'e']);
  });

  it('places a document that links to nothing drawn around the middle of the drawing', () => {
    const cy = drawn();
    growDrawing(cy, [
      ...cy.elements().map((e) => ({ group: e.group(), data: e.data() }) as ElementDefinition),
      node('lonely'),
    ]);
    const { x, y } = cy.getElementById('lonely').position();
    // Above the row, the first free place straight up from the middle.
    expect(Math.round(x)).toBe(100);
    expect(y).toBeLessThanOrEqual(-DOCUMENT_BOX.h);
  });

  it('changes nothing when every element is drawn, and removes what is no longer given', () => {
    const cy = drawn();
    const before = positions(cy);
    expect(
      growDrawing(cy, [node('a'), node('b'), node('c'), edge('e0', 'a', 'b'), edge('e1', 'b', 'c')])
    ).toBe(0);
    expect(positions(cy)).toEqual(before);
    expect(growDrawing(cy, [node('a'), node('b'), edge('e0', 'a', 'b')])).toBe(0);
    expect(cy.elements().map((e) => e.id())).toEqual(['a', 'b', 'e0']);
  });
});
