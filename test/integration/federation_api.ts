/**
 * Test helpers for the REST API: a standalone host on a free port with an encryption key and a
 * logger that keeps every line (so tests can check that no secret is ever logged), and a small
 * client that returns status, parsed body and raw text.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { parseSettings, type FederationSettings } from '../../server/engine/settings';
import type { Logger } from '../../server/http/route';
import { startStandaloneServer, type StandaloneServer } from '../../server/standalone/server';
import { openSearchUrl } from '../bed/context';
import { hostCall } from '../bed/host_process';

export { jdbcFor, sqliteJdbc } from '../bed/jdbc';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  text: string;
}

export interface FederationApi {
  server: StandaloneServer;
  logLines: string[];
  call<T = any>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

export const TEST_ENCRYPTION_KEY = 'test-encryption-key-0123456789abcdef';

export async function startFederationApi(
  settings: Partial<FederationSettings> = {}
): Promise<FederationApi> {
  const logLines: string[] = [];
  const logger: Logger = {
    debug: (m) => logLines.push(String(m)),
    info: (m) => logLines.push(String(m)),
    warn: (m) => logLines.push(String(m)),
    error: (m) => logLines.push(m instanceof Error ? `${m.message}\n${m.stack}` : m),
  };
  const uiDir = mkdtempSync(path.join(tmpdir(), 'federation-ui-'));
  writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const server = await startStandaloneServer({
    port: 0,
    openSearchUrl: openSearchUrl(),
    uiDir,
    logger,
    // Tests create their SQLite files in temporary directories.
    settings: parseSettings({
      encryptionKey: TEST_ENCRYPTION_KEY,
      sqliteDirectories: [tmpdir()],
      ...settings,
    }),
  });
  return {
    server,
    logLines,
    call: hostCall(server.url),
    close: async () => {
      await server.close();
      rmSync(uiDir, { recursive: true, force: true });
    },
  };
}

/** The JDBC settings for a test-bed database URL (`postgres://user@host:port/db`). */
