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
};

/**
 * Serves the built browser app: `/app/federation` and every path below it get `index.html` (the
 * app routes on the client), `/ui/<file>` the bundle's files, and `/` redirects to the app.
 */
export function createStaticUiHandler(uiDir: string) {
  const root = path.resolve(uiDir);
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname === '/') {
      res.statusCode = 302;
      res.setHeader('location', APP_PATH);
      res.end();
      return true;
    }
    if (pathname === APP_PATH || pathname.startsWith(`${APP_PATH}/`)) {
      return sendFile(res, path.join(root, 'index.html'), 'no-cache');
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
      // File names carry no content hash, so browsers must revalidate after a rebuild.
      return sendFile(res, file, 'no-cache');
    }
    return false;
  };
}

async function sendFile(res: ServerResponse, file: string, cacheControl: string): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  if (info === null || !info.isFile()) return false;
  res.statusCode = 200;
  res.setHeader('content-type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream');
  res.setHeader('content-length', info.size);
  res.setHeader('cache-control', cacheControl);
  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(file);
    stream.on('error', reject);
    res.on('finish', resolve);
    stream.pipe(res);
  });
  return true;
}
