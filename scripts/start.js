// `npm start`: installs what a fresh clone needs, then runs the standalone product.
'use strict';
const path = require('path');
const { ensureDependencies, run, root } = require('./bootstrap');

try {
  ensureDependencies();
  run(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/start_standalone.ts'], {
    env: process.env,
  });
} catch (error) {
  console.error(`[start] ${error.message}`);
  process.exit(1);
}
