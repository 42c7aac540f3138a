/**
 * A standalone host in the test's own process, on a free port, with the tests' encryption key and
 * a logger that keeps every line (so tests can check that no secret is ever logged). A host in a
 * process of its own is host_process.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { parseSettings, type FederationSettings } from '../../server/engine/settings';
import type { Logger } from '../../server/http/route';
import { startStandaloneServer, type StandaloneServer } from '../../server/standalone/server';
import { openSearchUrl } from '../bed/context';
import { TEST_ENCRYPTION_KEY } from './encryption_key';
import { hostCall, type HostCall } from './host_call';

export { jdbcFor, sqliteJdbc } from '../bed/jdbc';
export type { ApiResponse } from './host_call';
export { TEST_ENCRYPTION_KEY };

export interface FederationApi {
  server: StandaloneServer;
  logLines: string[];
  call: HostCall;
  close(): Promise<void>;
}

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
