/**
 * The entry script of host_process.ts's child: a standalone host on a free port, its settings
 * from `FEDERATION_*` (settings_from_env.ts) overlaid by the JSON in `HOST_SETTINGS`. It prints
 * its URL as the first line on stdout and serves until SIGTERM. Warnings and errors go to
 * stderr, where the test run shows them (or a small-heap host's handle keeps them).
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { parseSettings } from '../../server/engine/settings';
import { allowedHostsFromEnv } from '../../server/standalone/allowed_hosts';
import { startStandaloneServer } from '../../server/standalone/server';
import { settingsFromEnv } from '../../server/standalone/settings_from_env';

async function main() {
  const uiDir = mkdtempSync(path.join(tmpdir(), 'federation-ui-'));
  writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html>');
  const server = await startStandaloneServer({
    port: 0,
    openSearchUrl: process.env.OPENSEARCH_URL!,
    uiDir,
    allowedHosts: allowedHostsFromEnv(process.env),
    settings: parseSettings({
      ...settingsFromEnv(process.env),
      ...JSON.parse(process.env.HOST_SETTINGS ?? '{}'),
    }),
    logger: {
      debug: () => {},
      info: () => {},
      warn: (m) => process.stderr.write(`[host process] ${m}\n`),
      error: (m) => process.stderr.write(`[host process] ${m instanceof Error ? m.stack : m}\n`),
    },
  });
  process.stdout.write(`${server.url}\n`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

void main();
