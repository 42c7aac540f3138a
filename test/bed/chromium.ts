import fs from 'node:fs';
import { isRoot } from '../../scripts/opensearch/paths';
import { runCommand } from '../../scripts/opensearch/run_command';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Flags for Debian's chromium under playwright-core: no sandbox (we may be
 * root in a container), no GPU, and no traffic to Google services (QUIC,
 * component updates, sync), which would only time out on a closed network.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Debian's chromium (env CHROMIUM_PATH overrides), installed with apt-get when
 * missing and we are root. Never `playwright install`: its CDN is unreachable
 * here, and the distribution build is what CI has too.
 */
export async function ensureChromium(): Promise<{ executablePath: string } | { skipped: string }> {
  const executablePath = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
  if (isExecutable(executablePath)) return { executablePath };
  if (process.env.CHROMIUM_PATH)
    return { skipped: `CHROMIUM_PATH=${executablePath} is not executable` };
  if (!isRoot())
    return {
      skipped: `${executablePath} is missing; install it with \`apt-get install chromium\``,
    };
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Another apt run (or a second test process) may hold the dpkg lock: wait for it, not fail.
  const lock = ['-o', 'DPkg::Lock::Timeout=300'];
  try {
    await runCommand(['apt-get', ...lock, 'update'], { env });
    await runCommand(['apt-get', ...lock, 'install', '-y', 'chromium'], { env });
  } catch (err) {
    return { skipped: `Installing chromium failed: ${(err as Error).message}` };
  }
  return isExecutable(executablePath)
    ? { executablePath }
    : { skipped: `apt-get installed chromium but ${executablePath} is missing` };
}
