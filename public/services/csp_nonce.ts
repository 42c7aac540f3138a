/**
 * The page's Content-Security-Policy nonce, for the `<style>` elements the app itself adds.
 *
 * Under OSD's strict CSP (`csp.enable: true`, OSD 3.6+) `style-src-elem` allows this origin's
 * stylesheets and `<style>` elements carrying the response's nonce, nothing else; OSD writes that
 * nonce into `<meta name="csp-nonce" content="…">` in the page's head. The standalone host does
 * the same (server/standalone/static_ui.ts). Without a nonce (OSD's default policy, which allows
 * inline styles) the elements are made as before.
 */

/** The nonce of this page, or '' when it has none. */
export function cspNonce(document: Document): string {
  return document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? '';
}

/**
 * A `<style>` element with `css`, carrying the page's nonce. The nonce must be set before the
 * element is inserted: the browser checks a `<style>` when it is connected, and one refused then
 * stays without rules even if a nonce is added later.
 */
export function createNoncedStyle(document: Document, id: string, css: string): HTMLStyleElement {
  const style = document.createElement('style');
  const nonce = cspNonce(document);
  if (nonce) style.setAttribute('nonce', nonce);
  style.id = id;
  style.textContent = css;
  return style;
}

/**
 * What OSD's page bootstrap does for the libraries that add `<style>` elements on their own
 * (Monaco among them): every `<style>` made by `document.createElement` carries the page's nonce.
 * Only for a page the app hosts itself (the standalone host): inside OSD, OSD's bootstrap has
 * done it already, and a plugin must not patch the host's document.
 */
export function stampNewStyleElements(document: Document): void {
  const nonce = cspNonce(document);
  if (!nonce) return;
  const create = document.createElement.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (tagName.toLowerCase() === 'style') element.setAttribute('nonce', nonce);
    return element;
  }) as Document['createElement'];
}
