import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { DRAWING_STYLE } from './drawing_elements';
import { hideUnreadableCaptions, unreadable } from './readable_captions';

describe('unreadable', () => {
  it('is a caption under 10 px on screen', () => {
    expect(unreadable(1, 12)).toBe(false);
    expect(unreadable(0.84, 12)).toBe(false);
    expect(unreadable(0.8, 12)).toBe(true);
    expect(unreadable(0.6, 20)).toBe(false);
  });
});

describe('hideUnreadableCaptions', () => {
  it('hides captions as the zoom makes them unreadable, hubs last, and shows them again', () => {
    const cy = cytoscape({
      headless: true,
      styleEnabled: true,
      style: DRAWING_STYLE,
      elements: [
        { group: 'nodes', data: { id: 'hub', caption: 'Aurora Robotics' }, classes: 'hub' },
        { group: 'nodes', data: { id: 'leaf', caption: 'Aurora Robotics raises a round' } },
      ],
    });
    const captions = hideUnreadableCaptions(cy);
    const shown = () =>
      cy
        .nodes()
        .filter((node) => node.style('label') !== '')
        .map((node) => node.id());
    expect(shown()).toEqual(['hub', 'leaf']);
    // At 60 %: the 12 px caption is 7.2 px (hidden), the hub's 20 px caption 12 px.
    cy.zoom(0.6);
    expect(shown()).toEqual(['hub']);
    cy.zoom(0.4);
    expect(shown()).toEqual([]);
    captions.showAll();
    expect(shown()).toEqual(['hub', 'leaf']);
    captions.update();
    expect(shown()).toEqual([]);
    cy.zoom(1);
    expect(shown()).toEqual(['hub', 'leaf']);
    captions.stop();
    cy.zoom(0.4);
    expect(shown()).toEqual(['hub', 'leaf']);
    cy.destroy();
  });
});
