import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import {
  drawingHeight,
  drawingLayout,
  gridCell,
  gridColumns,
  isStar,
  packParts,
  partLayout,
} from './drawing_layout';

describe('gridColumns', () => {
  it('fills a wide drawing with wide cells: 72 captions in 9 rows of 8, not 4 rows of 18', () => {
    // The demo's 72 unconnected documents at 1,440 px: cells about 140 × 46.
    const columns = gridColumns(72, { width: 1275, height: 520 }, { width: 140, height: 46 }, 1.2);
    expect(columns).toBe(8);
    // At that count the fit keeps captions at full size (zoom 1.13 horizontally, 1.26 vertically).
    expect(1275 / (columns * 140)).toBeGreaterThan(1);
  });

  it('puts a few cells in one row, and one cell in one column', () => {
    expect(gridColumns(3, { width: 1200, height: 360 }, { width: 140, height: 46 }, 1.2)).toBe(3);
    expect(gridColumns(1, { width: 1200, height: 360 }, { width: 140, height: 46 }, 1.2)).toBe(1);
  });
});

describe('gridCell', () => {
  it('is the largest node with its caption, plus the gap', () => {
    expect(
      gridCell([
        { w: 100, h: 40 },
        { w: 130, h: 38 },
      ])
    ).toEqual({ width: 140, height: 50 });
  });
});

describe('drawingHeight', () => {
  it('grows with the documents, between 440 and 760 px', () => {
    expect(drawingHeight(2)).toBe(440);
    expect(drawingHeight(72)).toBe(752);
    expect(drawingHeight(300)).toBe(760);
  });
});

describe('drawingLayout', () => {
  it('lays unconnected documents in a grid by label and caption, linked ones by force', () => {
    expect(drawingLayout(false, { columns: 8 })).toMatchObject({
      name: 'grid',
      cols: 8,
      condense: true,
      avoidOverlap: true,
      nodeDimensionsIncludeLabels: true,
    });
    expect(drawingLayout(true, { columns: 8 })).toMatchObject({
      name: 'cose',
      nodeDimensionsIncludeLabels: true,
    });
  });

  it('orders the grid by label, then caption', () => {
    const cy = cytoscape({
      headless: true,
      elements: [
        { data: { id: 'a', label: 'Company', caption: 'Zeta' } },
        { data: { id: 'b', label: 'Article', caption: 'Beta' } },
        { data: { id: 'c', label: 'Company', caption: 'Alpha' } },
      ],
    });
    cy.layout(drawingLayout(false, { columns: 3 })).run();
    const byX = cy
      .nodes()
      .sort((m, n) => m.position('x') - n.position('x'))
      .map((node) => node.id());
    expect(byX).toEqual(['b', 'c', 'a']);
    cy.destroy();
  });
});

describe('packParts', () => {
  it('packs a dozen stars in rows shaped like the drawing, not in one long row', () => {
    const stars = Array.from({ length: 12 }, () => ({ w: 300, h: 300 }));
    const places = packParts(stars, 1300 / 550);
    const width = Math.max(...places.map((p) => p.x)) + 300;
    const height = Math.max(...places.map((p) => p.y)) + 300;
    // 6 parts a row, 2 rows: 2,000 × 640 (cose's own packing: one row, 4,060 × 300).
    expect([width, height]).toEqual([2000, 640]);
    expect(width / height).toBeLessThan((1300 / 550) * 1.5);
  });

  it('puts the tallest parts first, each row below the tallest of the row above', () => {
    const places = packParts(
      [
        { w: 100, h: 50 },
        { w: 100, h: 200 },
        { w: 100, h: 80 },
      ],
      0.5,
      10
    );
    // One part a row (row width = the widest part, 100).
    expect(places).toEqual([
      { x: 0, y: 300 },
      { x: 0, y: 0 },
      { x: 0, y: 210 },
    ]);
  });
});

describe('partLayout', () => {
  it('rings a star: the hub in the middle, its documents around it, none overlapping', () => {
    expect([isStar(10, 9), isStar(4, 2), isStar(2, 1)]).toEqual([true, false, false]);
    const leaves = Array.from({ length: 8 }, (_, i) => `a${i}`);
    const cy = cytoscape({
      headless: true,
      styleEnabled: true,
      style: [{ selector: 'node', style: { width: 120, height: 40 } }],
      elements: [
        { data: { id: 'hub' } },
        ...leaves.map((id) => ({ data: { id } })),
        ...leaves.map((id) => ({ data: { id: `e${id}`, source: id, target: 'hub' } })),
      ],
    });
    cy.layout(partLayout(true)).run();
    const hub = cy.getElementById('hub').position();
    const boxes = leaves.map((id) => cy.getElementById(id).boundingBox({}));
    for (const id of leaves) {
      const { x, y } = cy.getElementById(id).position();
      expect(Math.hypot(x - hub.x, y - hub.y)).toBeGreaterThan(60);
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        expect(a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2).toBe(false);
      }
    }
    cy.destroy();
  });
});
