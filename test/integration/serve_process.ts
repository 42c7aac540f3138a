/**
 * A standalone host in a process of its own, for tests that need a second server process:
 * prints its URL on stdout and serves until killed.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { allowedHostsFromEnv } from '../../server/standalone/allowed_hosts';
import { settingsFromEnv } from '../../server/standalone/settings_from_env';
import { startStandaloneServer } from '../../server/standalone/server';

async function main() {
  const uiDir = mkdtempSync(path.join(tmpdir(), 'federation-ui-'));
  writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html>');
  const server = await startStandaloneServer({
    port: 0,
    openSearchUrl: process.env.OPENSEARCH_URL!,
    uiDir,
    allowedHosts: allowedHostsFromEnv(process.env),
    settings: settingsFromEnv(process.env),
  });
  process.stdout.write(`${server.url}\n`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

void main();
