import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The engine's layers (README, "Architecture"): backends/ (over sql/, connectors/, catalog/,
 * opensearch/) < join/ < search/, pit/, graph/, the three top ones siblings that never import
 * each other. Each entry forbids a layer's imports of the layers above it and of its siblings.
 */
const layer = (dir, forbidden, why) => ({
  files: [`server/engine/${dir}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            // Relative paths into a sibling engine directory; `common/graph` and the like are
            // other folders of the same name, not layers.
            regex: `^(\\./|(\\.\\./)+)(${forbidden.join('|')})(/|$)`,
            message: `server/engine/${dir}/ may not import ${forbidden.map((d) => `${d}/`).join(', ')}: ${why}`,
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'build/**', 'target/**', 'test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain CommonJS: the npm start scripts, and worker threads that need no TypeScript loader.
    files: ['scripts/*.js', 'server/**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests read loosely typed JSON responses; `any` keeps their assertions readable.
    files: ['test/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  layer('backends', ['search', 'join', 'pit', 'graph'], 'backends/ is the bottom layer'),
  layer(
    'join',
    ['search', 'pit', 'graph'],
    'join/ sits below them and reads indices through backends/'
  ),
  layer(
    'search',
    ['pit', 'graph'],
    'search/, pit/ and graph/ are siblings (wire them in federation_engine.ts)'
  ),
  layer(
    'pit',
    ['search', 'graph'],
    'search/, pit/ and graph/ are siblings (wire them in federation_engine.ts)'
  ),
  layer('graph', ['search', 'pit', 'join'], 'graph/ reads indices through backends/ only'),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  }
);
