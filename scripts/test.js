// `npm test`: installs what a fresh clone needs, checks types, lint and formatting, then runs
// every vitest project (unit, integration against the real test bed, browser in real Chromium),
// then the cluster project on a 3-node OpenSearch cluster of its own.
'use strict';
const fs = require('fs');
const path = require('path');
const { ensureDependencies, run, root } = require('./bootstrap');

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const outputDir = path.join(root, 'test-output');

/**
 * The vitest runs: the projects named on the command line, else every project but `cluster`
 * first, then `cluster` on its own (it starts a 3-node OpenSearch cluster: after the single
 * node of the first run has stopped, so the two never compete for the cores).
 */
function runs(args) {
  if (args.some((a) => a === '--project' || a.startsWith('--project='))) {
    return [{ args, report: 'vitest.json' }];
  }
  const only = (names) => names.flatMap((p) => ['--project', p]);
  return [
    { args: [...only(['unit', 'ui', 'integration', 'browser']), ...args], report: 'vitest.json' },
    // A file filter may name no cluster file: that is no failure of this run.
    {
      args: [...only(['cluster']), ...(args.length > 0 ? ['--passWithNoTests'] : []), ...args],
      report: 'vitest-cluster.json',
    },
  ];
}

function summarize(report) {
  if (!fs.existsSync(report)) return;
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  const skipped = result.numPendingTests + result.numTodoTests;
  // A plain closing line that CI reads whatever the runner.
  console.log(
    `${result.numPassedTests} passed, ${result.numFailedTests} failed, ${skipped} skipped (${path.basename(report)})`
  );
}

try {
  ensureDependencies();
  run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  run(bin('eslint'), ['.']);
  // Import circles, type-only imports included (.dependency-cruiser.cjs).
  run(bin('depcruise'), ['--config', '.dependency-cruiser.cjs', 'server', 'common', 'public']);
  run(bin('prettier'), ['--check', '.', '--log-level', 'warn']);
  let failure;
  for (const vitest of runs(process.argv.slice(2))) {
    const report = path.join(outputDir, vitest.report);
    fs.rmSync(report, { force: true });
    try {
      run(bin('vitest'), [
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...vitest.args,
      ]);
    } catch (error) {
      // The next run still runs: one failure should not hide another.
      failure ??= error;
    } finally {
      summarize(report);
    }
  }
  if (failure) throw failure;
} catch (error) {
  console.error(`[test] ${error.message}`);
  process.exit(1);
}
