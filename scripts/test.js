// `npm test`: installs what a fresh clone needs, checks types, lint and formatting, then runs
// every vitest project (unit, integration against the real test bed, browser in real Chromium).
'use strict';
const fs = require('fs');
const path = require('path');
const { ensureDependencies, run, root } = require('./bootstrap');

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const report = path.join(root, 'test-output', 'vitest.json');

/**
 * The projects to run: those named on the command line, else all but `cluster`, which starts a
 * 3-node OpenSearch cluster of its own (`npm run test:cluster`).
 */
function projects(args) {
  if (args.some((a) => a === '--project' || a.startsWith('--project='))) return args;
  return ['unit', 'ui', 'integration', 'browser'].flatMap((p) => ['--project', p]).concat(args);
}

function summarize() {
  if (!fs.existsSync(report)) return;
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  const skipped = result.numPendingTests + result.numTodoTests;
  // A plain closing line that CI reads whatever the runner.
  console.log(
    `${result.numPassedTests} passed, ${result.numFailedTests} failed, ${skipped} skipped`
  );
}

try {
  ensureDependencies();
  run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  run(bin('eslint'), ['.']);
  run(bin('prettier'), ['--check', '.', '--log-level', 'warn']);
  fs.rmSync(report, { force: true });
  try {
    run(bin('vitest'), [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...projects(process.argv.slice(2)),
    ]);
  } finally {
    summarize();
  }
} catch (error) {
  console.error(`[test] ${error.message}`);
  process.exit(1);
}
