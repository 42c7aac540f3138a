/**
 * Import circles, type-only imports included (ESLint's import-x/no-cycle skips those, and a
 * circle tied by one type is still two files that cannot be read, moved or tested apart).
 * Layers are ESLint's (eslint.config.mjs); this file only forbids circles. `npm run lint` runs it.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: a layer that is not one. Move the shared part below both.',
      from: { path: '^(server|common|public)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.test\\.tsx?$|/test_support/|/testing/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
