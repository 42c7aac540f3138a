import type { Plugin } from 'esbuild';

/**
 * OSD loads one copy of React, ReactDOM, OUI, moment, lodash and rxjs for every plugin and exposes
 * them on `window.__osdSharedDeps__` (see `@osd/ui-shared-deps`, whose `externals` map these import
 * names to those globals). A plugin bundle must use those copies: a second React breaks hooks, a
 * second OUI breaks theming. This esbuild plugin resolves each import to a one-line module that
 * reads the shared global, so none of these libraries ends up in our bundle.
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

const NAMESPACE = 'osd-shared-deps';
const PACKAGES = /^(react|react-dom|@elastic\/eui|moment|lodash|rxjs|monaco-editor)(\/.*)?$/;

export function osdSharedDepsPlugin(): Plugin {
  return {
    name: NAMESPACE,
    setup(build) {
      build.onResolve({ filter: PACKAGES }, ({ path }) => {
        if (path in SHARED_DEPS || path in DERIVED_DEPS) return { path, namespace: NAMESPACE };
        // Any other entry point of a shared package would bundle a second copy of it.
        return {
          errors: [
            {
              text: `"${path}" is not shared by OpenSearch Dashboards; import one of: ${[
                ...Object.keys(SHARED_DEPS),
                ...Object.keys(DERIVED_DEPS),
              ].join(', ')}`,
            },
          ],
        };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, ({ path }) => ({
        contents: DERIVED_DEPS[path] ?? `module.exports = ${SHARED}.${SHARED_DEPS[path]};`,
        loader: 'js',
      }));
    },
  };
}
