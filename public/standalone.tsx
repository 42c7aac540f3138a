/**
 * Browser entry of the standalone host's UI. Inside OSD the app is mounted by `plugin.ts`; here we
 * supply what OSD would: an HTTP client (over fetch), a history scoped to the app's path, and
 * OUI's theme CSS (OSD loads it for every app; esbuild emits it as `federation.css`).
 */
import '@elastic/eui/dist/eui_theme_light.css';
import { APP_PATH } from '../common/constants';
import { renderApp } from './application';
import { createScopedBrowserHistory } from './services/browser_history';
import { createFetchHttpClient } from './services/fetch_http_client';

const element = document.getElementById('root');
if (!element) throw new Error('The standalone page has no #root element');

renderApp(
  { http: createFetchHttpClient() },
  { element, history: createScopedBrowserHistory(APP_PATH) }
);
