/**
 * A few rules over Monaco's own CSS, added to the page once with the first editor (as a style
 * element: inside OSD, Monaco's CSS is OSD's and our bundle ships no CSS of its own). The element
 * carries the page's CSP nonce, which OSD's strict CSP requires of every `<style>` element.
 *
 * The problem hover sizes itself when it opens, while its status bar still holds a blank
 * placeholder for quick fixes; the placeholder's later text ("No quick fixes available", or
 * "Checking for quick fixes...") is written without a re-layout, so it squeezes "View Problem"
 * into the fixed width and both are cut off. Our languages offer no quick fixes, so the
 * placeholder says nothing useful: it is hidden, and "View Problem (Alt+F8)" keeps its room.
 * (Real quick fixes, when a language has them, are actions of their own and stay.)
 */
import { createNoncedStyle } from '../../../services/csp_nonce';

const STYLE_ID = 'federationCodeEditorStyles';

export const EDITOR_CSS = `
.monaco-hover .hover-row.status-bar .actions > div:not(.action-container) {
  display: none;
}
`;

export function ensureEditorStyles(document: Document): void {
  if (document.getElementById(STYLE_ID)) return;
  document.head.appendChild(createNoncedStyle(document, STYLE_ID, EDITOR_CSS));
}
