/**
 * cytoscape's one stylesheet, made by us so it carries the page's CSP nonce. cytoscape's canvas
 * renderer adds `<style id="__________cytoscape_stylesheet">` (its container class positioned
 * relative) as the first element of the head when a drawing starts, unless an element with that
 * id exists; it sets no nonce, so OSD's strict CSP would refuse it. The same element, made here
 * before the first drawing, is nonced and makes cytoscape skip its own.
 */
import { createNoncedStyle } from '../../../services/csp_nonce';

/** The id and container class cytoscape's renderer uses (its `BRp.init`). */
export const CYTOSCAPE_STYLESHEET_ID = '__________cytoscape_stylesheet';
const CYTOSCAPE_CONTAINER_CLASS = '__________cytoscape_container';

export function ensureCytoscapeStylesheet(document: Document): void {
  if (document.getElementById(CYTOSCAPE_STYLESHEET_ID)) return;
  const style = createNoncedStyle(
    document,
    CYTOSCAPE_STYLESHEET_ID,
    `.${CYTOSCAPE_CONTAINER_CLASS} { position: relative; }`
  );
  // First in the head, as cytoscape puts it: the lowest priority, any page rule wins.
  document.head.insertBefore(style, document.head.firstChild);
}
