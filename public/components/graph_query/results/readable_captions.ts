import type { Core } from 'cytoscape';
import { CAPTION_FONT, HUB_FONT } from './drawing_elements';

/** Captions smaller than this on screen are left out: a crowd of specks reads as nothing. */
export const MIN_CAPTION_PX = 10;

/** Whether a caption of this size is too small to read at this zoom. */
export function unreadable(zoom: number, fontSize: number): boolean {
  return zoom * fontSize < MIN_CAPTION_PX;
}

/**
 * Hides the captions too small to read at the current zoom and shows them again on zooming in,
 * so a large picture is an overview (hubs named, with their larger captions) instead of
 * overlapping smudges. Cytoscape's own `min-zoomed-font-size` judges by the zoom rounded to a
 * power of two, so it still draws captions at down to half their size: too small to read.
 * `showAll` shows every caption (layouts measure nodes with them) until `update` or a zoom.
 */
export function hideUnreadableCaptions(cy: Core): {
  update: () => void;
  showAll: () => void;
  stop: () => void;
} {
  const update = () =>
    cy.batch(() => {
      const zoom = cy.zoom();
      cy.nodes('.hub').toggleClass('unreadable', unreadable(zoom, HUB_FONT));
      cy.nodes().not('.hub').toggleClass('unreadable', unreadable(zoom, CAPTION_FONT));
    });
  update();
  cy.on('zoom', update);
  return {
    update,
    showAll: () => cy.nodes().removeClass('unreadable'),
    stop: () => cy.off('zoom', update),
  };
}
