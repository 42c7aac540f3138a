import { createReadStream } from 'fs';
import { stat } from 'fs/promises';
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
 * keep them for good. Everything else (index.html, federation.js, the workers) is revalidated.
 */
const HASHED_DIRS = ['chunks/', 'assets/'];
const FOREVER = 'public, max-age=31536000, immutable';

/**
 * Sent with the app's pages and files. The policy is OSD 3.x's default `csp.rules` (the bundle
 * runs under it inside OSD too: its own scripts only, Monaco's workers from blob: or this host,
 * the inline styles OUI and Monaco add) plus `frame-ancestors 'self'`: no other site may frame
 * the app, whose Delete buttons a hidden frame would otherwise offer to a stray click
 * (clickjacking). `X-Frame-Options` says the same to browsers without `frame-ancestors`.
 */
export const APP_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "script-src 'self'; worker-src blob: 'self'; style-src 'unsafe-inline' 'self'; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
};

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
      return sendFile(req, res, path.join(root, 'index.html'), 'no-cache');
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
