import { afterEach, describe, expect, it } from 'vitest';
import { ensureCytoscapeStylesheet } from '../components/graph_query/results/cytoscape_stylesheet';
import { ensureEditorStyles } from '../components/shared/code_editor/editor_styles';
import { createNoncedStyle, cspNonce, stampNewStyleElements } from './csp_nonce';

/** A page as OSD renders it under its strict CSP: the response's nonce in a meta element. */
function pageWithNonce(nonce: string): Document {
  const page = document.implementation.createHTMLDocument('OSD');
  const meta = page.createElement('meta');
  meta.setAttribute('name', 'csp-nonce');
  meta.setAttribute('content', nonce);
  page.head.appendChild(meta);
  return page;
}

describe('the CSP nonce of the page', () => {
  afterEach(() => document.head.replaceChildren());

  it('is read from <meta name="csp-nonce">, or is empty', () => {
    expect(cspNonce(pageWithNonce('abc123'))).toBe('abc123');
    expect(cspNonce(document)).toBe('');
  });

  it('is on the style elements the app makes, set before they are inserted', () => {
    const page = pageWithNonce('n0nce');
    const style = createNoncedStyle(page, 'someStyles', '.a { color: red; }');
    expect(style.isConnected).toBe(false);
    expect(style.getAttribute('nonce')).toBe('n0nce');
    expect(style.id).toBe('someStyles');
    expect(style.textContent).toBe('.a { color: red; }');
    // A page without a nonce (OSD's default policy allows inline styles): no attribute at all.
    expect(createNoncedStyle(document, 'x', '').hasAttribute('nonce')).toBe(false);
  });

  it('is on the editor styles, added once', () => {
    const page = pageWithNonce('editor');
    ensureEditorStyles(page);
    ensureEditorStyles(page);
    const styles = page.head.querySelectorAll('style');
    expect(styles).toHaveLength(1);
    expect(styles[0].getAttribute('nonce')).toBe('editor');
  });

  it('is on the cytoscape stylesheet, made first in the head with cytoscape’s id and rule', () => {
    const page = pageWithNonce('graph');
    ensureCytoscapeStylesheet(page);
    ensureCytoscapeStylesheet(page);
    const style = page.head.firstElementChild as HTMLStyleElement;
    expect(style.id).toBe('__________cytoscape_stylesheet');
    expect(style.getAttribute('nonce')).toBe('graph');
    expect(style.textContent).toBe('.__________cytoscape_container { position: relative; }');
    expect(page.querySelectorAll('#__________cytoscape_stylesheet')).toHaveLength(1);
  });

  it('is stamped on every style element a library makes, on a page the app hosts', () => {
    const page = pageWithNonce('host');
    stampNewStyleElements(page);
    expect(page.createElement('style').getAttribute('nonce')).toBe('host');
    expect(page.createElement('STYLE').getAttribute('nonce')).toBe('host');
    expect(page.createElement('div').hasAttribute('nonce')).toBe(false);
    // Without a nonce the page's createElement is left as it is.
    const plain = document.implementation.createHTMLDocument('plain');
    const original = plain.createElement;
    stampNewStyleElements(plain);
    expect(plain.createElement).toBe(original);
  });
});
