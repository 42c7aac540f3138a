/**
 * The fuzzed host in a process of its own. In the test's process, a request that blocks the
 * host's event loop would also stop the test's own timers, so a hang could never be reported as
 * one; here the test keeps its clock. Settings arrive as JSON in FUZZ_HOST_SETTINGS; the URL is
 * printed on stdout.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { parseSettings } from '../../server/engine/settings';
import { startStandaloneServer } from '../../server/standalone/server';

async function main() {
  const uiDir = mkdtempSync(path.join(tmpdir(), 'federation-ui-'));
  writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html>');
  const server = await startStandaloneServer({
    port: 0,
    openSearchUrl: process.env.OPENSEARCH_URL!,
    uiDir,
    settings: parseSettings(JSON.parse(process.env.FUZZ_HOST_SETTINGS ?? '{}')),
    // Unexpected errors go to stderr, where the test run shows them.
    logger: {
      debug: () => {},
      info: () => {},
      warn: (m) => process.stderr.write(`[fuzz host] ${m}\n`),
      error: (m) => process.stderr.write(`[fuzz host] ${m instanceof Error ? m.stack : m}\n`),
    },
  });
  process.stdout.write(`${server.url}\n`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

void main();
