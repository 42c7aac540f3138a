import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The engine's layers (docs/development/architecture.md), bottom first: the root's errors, time values and
 * work budget < sql/ and opensearch/ < connectors/ < catalog/ < backends/ < join/ < search/, pit/,
 * graph/ (siblings that never import each other) < saved_queries/; federation_runtime.ts and
 * federation_engine.ts wire them. Each entry forbids a layer's imports of the layers above it and
 * of its siblings; circles inside a layer are .dependency-cruiser.cjs's to find.
 */
const ABOVE_SQL = [
  'connectors',
  'catalog',
  'backends',
  'join',
  'search',
  'pit',
  'graph',
  'saved_queries',
];

/** The engine runs inside OSD and standalone alike: it knows neither host nor route. */
const HOSTS = {
  regex: '^(\\.\\./)+(http|routes|standalone|plugin|osd_types)(/|$)',
  message: 'server/engine/ may not import the hosts or routes above it',
};

const restrictImports = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/**
 * `where` (default: the folder `dir`) may import none of `forbidden`, nor the hosts. Tests beside
 * the code may: a statement builder is tested by running its SQL on a real database.
 */
const layer = (dir, forbidden, why, where = [`server/engine/${dir}/**/*.ts`]) =>
  restrictImports(
    where,
    [
      HOSTS,
      {
        // Relative paths into a sibling engine directory; `common/graph` and the like are
        // other folders of the same name, not layers.
        regex: `^(\\./|(\\.\\./)+)(${forbidden.join('|')})(/|$)`,
        message: `${dir.includes(' ') ? dir : `server/engine/${dir}/`} may not import ${forbidden.map((d) => `${d}/`).join(', ')}: ${why}`,
      },
    ],
    ['**/*.test.ts']
  );

export default tseslint.config(
  { ignores: ['node_modules/**', 'build/**', 'target/**', 'test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain CommonJS: the npm start scripts, worker threads that need no TypeScript loader, and
    // tool configs (.dependency-cruiser.cjs).
    files: ['scripts/*.js', 'server/**/*.js', '*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
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
  // Layers override this for their folders (a later entry's rule replaces an earlier one's),
  // and each of them forbids the hosts as well.
  restrictImports(['server/engine/**/*.ts'], [HOSTS]),
  layer(
    'the engine root (errors, time values, work budget, request scope)',
    ['sql', 'opensearch', ...ABOVE_SQL],
    'every layer uses them',
    ['errors', 'time_value', 'work_budget', 'request_scope', 'error_body'].map(
      (f) => `server/engine/${f}.ts`
    )
  ),
  layer('sql', ABOVE_SQL, 'sql/ writes statements; connectors/ run them (sql/remote_types.ts)'),
  layer(
    'opensearch',
    ['sql', ...ABOVE_SQL],
    'opensearch/ is the way to OpenSearch, under every layer'
  ),
  layer(
    'connectors',
    ABOVE_SQL.filter((d) => d !== 'connectors'),
    'connectors/ run statements for the layers above'
  ),
  layer(
    'catalog',
    ['backends', 'join', 'search', 'pit', 'graph', 'saved_queries'],
    'catalog/ keeps datasources and virtual indices for the layers above'
  ),
  layer(
    'backends',
    ['search', 'join', 'pit', 'graph', 'saved_queries'],
    'backends/ is the bottom layer of querying'
  ),
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
  layer(
    'graph',
    ['search', 'pit', 'join', 'saved_queries'],
    'graph/ reads indices through backends/ only'
  ),
  layer(
    'saved_queries',
    ['search', 'pit', 'join', 'backends'],
    'saved queries are stored documents; graph/ checks their models'
  ),
  // common/ is shared by both halves, so it imports neither; the browser half reaches the server
  // only over HTTP. Their tests may import both, to check that the two agree (the same id rules,
  // error bodies, type names).
  restrictImports(
    ['common/**/*.ts'],
    [
      {
        regex: '^(\\.\\./)+(server|public)(/|$)',
        message: 'common/ is shared by server/ and public/ and imports neither',
      },
    ],
    ['**/*.test.ts']
  ),
  restrictImports(
    ['public/**/*.ts', 'public/**/*.tsx'],
    [
      {
        regex: '^(\\.\\./)+server(/|$)',
        message: 'public/ may not import server/: share types through common/',
      },
    ],
    ['**/*.test.ts', '**/*.test.tsx', 'public/test_support/**']
  ),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  }
);
