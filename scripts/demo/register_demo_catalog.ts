import { CONNECTOR_BASE_PATH, XSRF_HEADER } from '../../common/constants';

export const DEMO_DATASOURCE = 'demo-sqlite';
export const DEMO_VIRTUAL_INDEX = 'demo-investments';

/**
 * Registers the demo SQLite file as a datasource and its `investments` table as a virtual index,
 * through the product's own REST API, once: entries that exist are left as the user made them.
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
  await ensure(
    `${CONNECTOR_BASE_PATH}/datasource/${DEMO_DATASOURCE}`,
    { jdbc: { driver: 'org.sqlite.JDBC', url: `jdbc:sqlite:${sqliteFile}` } },
    `datasource ${DEMO_DATASOURCE}`
  );
  await ensure(
    `${CONNECTOR_BASE_PATH}/index/${DEMO_VIRTUAL_INDEX}`,
    { datasource: DEMO_DATASOURCE, resource: 'investments', key: 'id' },
    `virtual index ${DEMO_VIRTUAL_INDEX}`
  );
}
