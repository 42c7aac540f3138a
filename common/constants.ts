/** Plugin identity, shared by the server adapter, the public app and the standalone host. */
export const PLUGIN_ID = 'federation';
export const PLUGIN_NAME = 'Federation';

/** The app's URL inside OpenSearch Dashboards and in the standalone host. */
export const APP_PATH = `/app/${PLUGIN_ID}`;

/** Root of the search-side routes (`/svc/...`). The segment is literal (docs/api/interface.md §4). */
export const SEARCH_BASE_PATH = '/svc';

/** Root of the management routes for datasources and virtual indices. */
export const CONNECTOR_BASE_PATH = '/_svc/connector';

/** The header OSD requires on every non-GET request (cross-site request forgery guard). */
export const XSRF_HEADER = 'osd-xsrf';
