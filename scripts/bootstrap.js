// Makes a fresh clone runnable: installs build tools for native modules and the npm dependencies.
// Plain CommonJS on purpose: it runs before node_modules (and so TypeScript tooling) exists.
'use strict';
const { spawnSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const stamp = path.join(root, 'node_modules', '.federation-lock-hash');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`\`${command} ${args.join(' ')}\` exited with status ${result.status}`);
  }
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** better-sqlite3 compiles from source here (its prebuilt download is out of reach). */
function ensureBuildTools() {
  const missing = ['python3', 'make', 'g++'].filter((tool) => !has(tool));
  if (missing.length === 0) return;
  if (process.getuid && process.getuid() === 0 && has('apt-get')) {
    console.log(`[bootstrap] installing ${missing.join(', ')} for native modules`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-q'], { env });
    run('apt-get', ['install', '-y', '-q', 'python3', 'make', 'g++'], { env });
    return;
  }
  throw new Error(`missing ${missing.join(', ')}: install them to build native npm modules`);
}

function lockHash() {
  const lock = fs.readFileSync(path.join(root, 'package-lock.json'));
  return crypto.createHash('sha256').update(lock).digest('hex');
}

/** Runs `npm ci` when node_modules is missing or was installed from another lock file. */
function ensureDependencies() {
  const wanted = lockHash();
  const installed = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : null;
  if (installed === wanted) return;
  ensureBuildTools();
  console.log('[bootstrap] installing npm dependencies (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
  fs.writeFileSync(stamp, wanted);
}

module.exports = { ensureDependencies, run, root };
