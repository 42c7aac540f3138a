/**
 * Browser entry of the standalone host's UI. Inside OSD the app is mounted by `plugin.ts`; here we
 * supply what OSD would: an HTTP client (over fetch), a history scoped to the app's path, OUI's
 * theme CSS (OSD loads it for every app; esbuild emits it as `federation.css`), and Monaco's
 * editor contributions, JSON language and workers (OSD shares its own Monaco), loaded with the
 * first code editor. The page is ours here, so this entry also does what OSD's page bootstrap does
 * under a strict CSP: `<style>` elements made by libraries (Monaco) carry the page's nonce.
 */
// First: zod must be jitless before any module builds a schema (see the module).
import './services/zod_jitless';
import '@elastic/eui/dist/eui_theme_light.css';
import { APP_PATH } from '../common/constants';
import { renderApp } from './application';
import { provideMonacoFeatures } from './components/shared/code_editor/monaco_features';
import { createScopedBrowserHistory } from './services/browser_history';
import { stampNewStyleElements } from './services/csp_nonce';
import { createFetchHttpClient } from './services/fetch_http_client';

stampNewStyleElements(document);

provideMonacoFeatures(async () => {
  const { standaloneMonacoFeatures } =
    await import('./components/shared/code_editor/standalone_monaco');
  // `scripts/build_ui.ts` defines the prefix the host serves the UI's files (and workers) under.
  return standaloneMonacoFeatures(`${process.env.FEDERATION_UI_PREFIX}/`);
});

const element = document.getElementById('root');
if (!element) throw new Error('The standalone page has no #root element');

renderApp(
  { http: createFetchHttpClient() },
  { element, history: createScopedBrowserHistory(APP_PATH) },
  // The app is the whole page here: its title is the page's banner.
  { pageBanner: true }
);
