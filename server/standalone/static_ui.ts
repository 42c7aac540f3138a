import { randomBytes } from 'crypto';
import { createReadStream } from 'fs';
import { readFile, stat } from 'fs/promises';
import type { IncomingMessage, ServerResponse } from 'http';
import path from 'path';
import { APP_PATH } from '../../common/constants';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/**
 * Files under these folders carry a content hash in their names (`scripts/build_ui.ts`: lazily
 * loaded chunks, fonts, images): a rebuild that changes one gives it a new name, so browsers may
 * keep them for good. Everything else (federation.js, the workers) is revalidated; the page itself
 * is never stored (sendPage).
 */
const HASHED_DIRS = ['chunks/', 'assets/'];
const FOREVER = 'public, max-age=31536000, immutable';

/**
 * The policy of the app's page and files: OpenSearch Dashboards 3.6's strict CSP (its
 * `csp.enable: true` rules; the bundle runs under them inside OSD too) without the opensearch.org
 * endpoints OSD adds for its own maps and docs, which the app never calls. Only this origin's
 * scripts, no eval; module workers from this origin only; stylesheets from this origin and
 * `<style>` elements carrying the page's nonce (`style-src-elem`, given per response by
 * `pageSecurityHeaders`); inline `style` attributes (OUI and Monaco position things with them);
 * no plugins, frames or media; `frame-ancestors 'self'`: no other site may frame the app, whose
 * Delete buttons a hidden frame would otherwise offer to a stray click (clickjacking).
 * `X-Frame-Options` says the same to browsers without `frame-ancestors`.
 */
export const APP_CSP_RULES: readonly string[] = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "style-src-elem 'self'",
  "style-src-attr 'self' 'unsafe-inline'",
  "child-src 'none'",
  "worker-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "manifest-src 'self'",
  "media-src 'none'",
  "font-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
];

/** Sent with the app's files (scripts, workers, styles, fonts): the policy without a nonce. */
export const APP_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': APP_CSP_RULES.join('; '),
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
};

/**
 * Where `index.html` (scripts/build_ui.ts) holds the page's nonce, in
 * `<meta name="csp-nonce" content="…">`, as OSD's pages do; the app reads it from there for the
 * `<style>` elements it and Monaco add (public/services/csp_nonce.ts).
 */
export const CSP_NONCE_PLACEHOLDER = '__FEDERATION_CSP_NONCE__';

/** The page's headers: the policy with `nonce` allowed in `style-src-elem`. */
export function pageSecurityHeaders(nonce: string): Record<string, string> {
  const rules = APP_CSP_RULES.map((rule) =>
    rule.startsWith('style-src-elem ') ? `${rule} 'nonce-${nonce}'` : rule
  );
  return { ...APP_SECURITY_HEADERS, 'content-security-policy': rules.join('; ') };
}

/**
 * Serves the built browser app: `/app/federation` and every path below it get `index.html` (the
 * app routes on the client), `/ui/<file>` the bundle's files (ES modules, lazily loaded chunks,
 * Monaco's workers, CSS and fonts), and `/` redirects to the app.
 */
export function createStaticUiHandler(uiDir: string) {
  const root = path.resolve(uiDir);
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname === '/') {
      setSecurityHeaders(res);
      res.statusCode = 302;
      res.setHeader('location', APP_PATH);
      res.end();
      return true;
    }
    if (pathname === APP_PATH || pathname.startsWith(`${APP_PATH}/`)) {
      return sendPage(req, res, path.join(root, 'index.html'));
    }
    if (pathname.startsWith('/ui/')) {
      let file: string;
      try {
        file = path.resolve(root, decodeURIComponent(pathname.slice('/ui/'.length)));
      } catch {
        return false;
      }
      // Never serve anything outside the UI directory, whatever `..` the path holds.
      if (!file.startsWith(root + path.sep)) return false;
      const relative = path.relative(root, file).split(path.sep).join('/');
      const hashed = HASHED_DIRS.some((dir) => relative.startsWith(dir));
      return sendFile(req, res, file, hashed ? FOREVER : 'no-cache');
    }
    return false;
  };
}

/**
 * The page, with a nonce of its own (16 random bytes) in its policy and its `<meta>`. Never
 * stored or revalidated: a copy kept by the browser would carry a nonce that no longer matches
 * the policy of the response it is revalidated with.
 */
async function sendPage(req: IncomingMessage, res: ServerResponse, file: string): Promise<boolean> {
  const html = await readFile(file, 'utf8').catch(() => null);
  if (html === null) return false;
  const nonce = randomBytes(16).toString('base64');
  const body = Buffer.from(html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
  for (const [name, value] of Object.entries(pageSecurityHeaders(nonce)))
    res.setHeader(name, value);
  res.statusCode = 200;
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-type', CONTENT_TYPES['.html']);
  res.setHeader('content-length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  cacheControl: string
): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  if (info === null || !info.isFile()) return false;
  // A revalidated file that has not changed costs a 304, not its bytes again (Monaco's workers
  // are hundreds of kilobytes and are started anew whenever the JSON schemas change).
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  setSecurityHeaders(res);
  res.setHeader('etag', etag);
  res.setHeader('cache-control', cacheControl);
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.statusCode = 200;
  res.setHeader('content-type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream');
  res.setHeader('content-length', info.size);
  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(file);
    stream.on('error', reject);
    res.on('finish', resolve);
    stream.pipe(res);
  });
  return true;
}

function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(APP_SECURITY_HEADERS)) res.setHeader(name, value);
}
