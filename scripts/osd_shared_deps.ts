import type { Metafile, Plugin } from 'esbuild';

/**
 * OSD loads one copy of React, ReactDOM, OUI, moment, lodash, rxjs and Monaco for every plugin
 * and exposes them on `window.__osdSharedDeps__` (see `@osd/ui-shared-deps`, whose `externals` map these import
 * names to those globals). A plugin bundle must use those copies: a second React breaks hooks, a
 * second OUI breaks theming. This esbuild plugin resolves each import to a one-line module that
 * reads the shared global, so none of these libraries ends up in our bundle.
 *
 * Checked against OpenSearch Dashboards 3.x `packages/osd-ui-shared-deps` (its `externals`; 3.5–3.7
 * share React 18, OUI and Monaco 0.52 as the bare editor API through `@osd/monaco`).
 * OSD shares neither `react/jsx-runtime` nor `react-dom/client`: both are derived below.
 */
const SHARED_DEPS: Record<string, string> = {
  react: 'React',
  'react-dom': 'ReactDom',
  'react-dom/server': 'ReactDomServer',
  '@elastic/eui': 'ElasticEui',
  '@elastic/eui/lib/services': 'ElasticEuiLibServices',
  '@elastic/eui/lib/services/format': 'ElasticEuiLibServicesFormat',
  '@elastic/eui/dist/eui_charts_theme': 'ElasticEuiChartsTheme',
  moment: 'Moment',
  lodash: 'Lodash',
  'lodash/fp': 'LodashFp',
  rxjs: 'Rxjs',
  'rxjs/operators': 'RxjsOperators',
  'monaco-editor/esm/vs/editor/editor.api': 'MonacoBarePluginApi',
};

const SHARED = 'window.__osdSharedDeps__';

/**
 * OSD shares `react` and `react-dom` but not their `jsx-runtime` and `client` entry points, which
 * our JSX (automatic runtime) and `createRoot` import. Both are thin layers over the shared
 * modules, rebuilt here so they use OSD's React rather than bundling another.
 */
const DERIVED_DEPS: Record<string, string> = {
  // `jsx(type, props, key)` is `createElement(type, {...props, key})`: `children` already sits in
  // props, and createElement keeps a `children` prop when it gets no extra arguments.
  'react/jsx-runtime': `
    var React = ${SHARED}.React;
    function jsx(type, props, key) {
      if (key === undefined) return React.createElement(type, props);
      var withKey = Object.assign({}, props, { key: key });
      return React.createElement(type, withKey);
    }
    exports.jsx = jsx;
    exports.jsxs = jsx;
    exports.Fragment = React.Fragment;
  `,
  // React 18's react-dom/client flags `usingClientEntryPoint` so development builds do not warn
  // about createRoot; on a React 16/17 host it falls back to the legacy render API.
  'react-dom/client': `
    var ReactDom = ${SHARED}.ReactDom;
    var internals = ReactDom.__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED;
    function viaClientEntry(fn) {
      return function (container, options) {
        if (internals) internals.usingClientEntryPoint = true;
        try { return fn(container, options); }
        finally { if (internals) internals.usingClientEntryPoint = false; }
      };
    }
    exports.createRoot = ReactDom.createRoot ? viaClientEntry(ReactDom.createRoot) : function (container) {
      return {
        render: function (element) { ReactDom.render(element, container); },
        unmount: function () { ReactDom.unmountComponentAtNode(container); },
      };
    };
    if (ReactDom.hydrateRoot) exports.hydrateRoot = viaClientEntry(ReactDom.hydrateRoot);
  `,
};

/**
 * `lodash/<method>` (chevrotain, the GQL parser's library, imports lodash method by method): the
 * method of OSD's shared lodash 4. A name that is not one of lodash's own functions is refused
 * like any other unshared entry point (it would be an internal module, bundled).
 */
const LODASH_METHOD = /^lodash\/([A-Za-z]+)$/;
// No type declarations for lodash are installed, so no typed import; only its method names are read.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const lodash = require('lodash') as Record<string, unknown>;

function lodashMethod(path: string): string | undefined {
  const name = LODASH_METHOD.exec(path)?.[1];
  return name !== undefined && typeof lodash[name] === 'function' ? name : undefined;
}

const NAMESPACE = 'osd-shared-deps';
const PACKAGES = /^(react|react-dom|@elastic\/eui|moment|lodash|rxjs|monaco-editor)(\/.*)?$/;

export function osdSharedDepsPlugin(): Plugin {
  return {
    name: NAMESPACE,
    setup(build) {
      build.onResolve({ filter: PACKAGES }, ({ path }) => {
        if (path in SHARED_DEPS || path in DERIVED_DEPS || lodashMethod(path)) {
          return { path, namespace: NAMESPACE };
        }
        // Any other entry point of a shared package would bundle a second copy of it.
        return {
          errors: [
            {
              text: `"${path}" is not shared by OpenSearch Dashboards; import one of: ${[
                ...Object.keys(SHARED_DEPS),
                ...Object.keys(DERIVED_DEPS),
                'lodash/<method>',
              ].join(', ')}`,
            },
          ],
        };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, ({ path }) => {
        const method = lodashMethod(path);
        const contents = method
          ? `module.exports = ${SHARED}.Lodash.${method};`
          : (DERIVED_DEPS[path] ?? `module.exports = ${SHARED}.${SHARED_DEPS[path]};`);
        return { contents, loader: 'js' };
      });
    },
  };
}

/**
 * Packages that must never be inside the OSD bundle, by the folder npm installs them in (OUI is
 * installed as `@elastic/eui`; `scheduler` comes only with a bundled ReactDOM).
 */
const NEVER_BUNDLED = [
  'react',
  'react-dom',
  'scheduler',
  '@elastic/eui',
  '@opensearch-project/oui',
  'moment',
  'monaco-editor',
  'lodash',
  'rxjs',
];

/** Throws, naming the files, if the bundle took any input from a package OSD shares. */
export function assertNoSharedDepsBundled(metafile: Metafile): void {
  const bundled = Object.keys(metafile.inputs).filter((input) => {
    const normalised = input.replace(/\\/g, '/');
    return NEVER_BUNDLED.some((name) => normalised.includes(`node_modules/${name}/`));
  });
  if (bundled.length === 0) return;
  const shown = bundled.slice(0, 5).join(', ');
  throw new Error(
    `The OSD bundle must take these packages from __osdSharedDeps__ but bundles ${bundled.length} of their files (${shown}${bundled.length > 5 ? ', ...' : ''}); import them by one of the shared names instead`
  );
}
