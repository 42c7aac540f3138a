import { CONNECTOR_BASE_PATH, XSRF_HEADER } from '../../common/constants';
import { SAVED_QUERY_BASE_PATH } from '../../common/saved_query_types';
import { DEMO_SAVED_QUERIES } from './demo_queries';

export const DEMO_DATASOURCE = 'demo-sqlite';
export const DEMO_VIRTUAL_INDEX = 'demo-investments';

/**
 * Registers the demo SQLite file as a datasource and its `investments` table as a virtual index,
 * and saves the demo's GQL queries, through the product's own REST API, once: entries that exist
 * are left as the user made them (a saved query the user deleted comes back on the next start).
 */
export async function registerDemoCatalog(
  baseUrl: string,
  sqliteFile: string,
  log: (line: string) => void
): Promise<void> {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { [XSRF_HEADER]: 'true', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  const ensure = async (path: string, body: unknown, what: string) => {
    if ((await call('GET', path)).status === 200) return;
    const created = await call('PUT', path, body);
    if (created.status >= 300)
      throw new Error(`demo data: creating ${what} failed: ${created.text}`);
    log(`demo data: created ${what}`);
  };
  const datasourcePath = `${CONNECTOR_BASE_PATH}/datasource/${DEMO_DATASOURCE}`;
  const jdbc = { driver: 'org.sqlite.JDBC', url: `jdbc:sqlite:${sqliteFile}` };
  await ensure(datasourcePath, { jdbc }, `datasource ${DEMO_DATASOURCE}`);
  await repointMovedDemo(call, datasourcePath, jdbc, log);
  await ensure(
    `${CONNECTOR_BASE_PATH}/index/${DEMO_VIRTUAL_INDEX}`,
    { datasource: DEMO_DATASOURCE, resource: 'investments', key: 'id' },
    `virtual index ${DEMO_VIRTUAL_INDEX}`
  );
  for (const { id, body } of DEMO_SAVED_QUERIES) {
    await ensure(`${SAVED_QUERY_BASE_PATH}/query/${id}`, body, `saved query "${body.title}"`);
  }
}

type Call = (
  method: string,
  path: string,
  body?: unknown
) => Promise<{ status: number; text: string }>;

/**
 * The catalog lives in OpenSearch and outlives a checkout: a demo datasource made by another
 * checkout names that checkout's demo file, which this host does not allow (SQLite files must lie
 * in its own demo directory). Only that case is changed; any other URL is the user's choice.
 */
async function repointMovedDemo(
  call: Call,
  datasourcePath: string,
  jdbc: { driver: string; url: string },
  log: (line: string) => void
): Promise<void> {
  const current = await call('GET', datasourcePath);
  if (current.status !== 200) return;
  const url: unknown = JSON.parse(current.text)?._source?.jdbc?.url;
  const at = jdbc.url.lastIndexOf('/.data/demo/');
  if (at < 0 || typeof url !== 'string' || url === jdbc.url) return;
  if (!url.endsWith(jdbc.url.slice(at))) return;
  const updated = await call('PUT', datasourcePath, { jdbc });
  if (updated.status >= 300)
    throw new Error(`demo data: re-pointing ${DEMO_DATASOURCE} failed: ${updated.text}`);
  log(`demo data: ${DEMO_DATASOURCE} named another checkout's demo file; it now names ${jdbc.url}`);
}
