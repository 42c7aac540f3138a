/**
 * The `datasourceHosts` allow-list on the standalone host: checked when a datasource is saved and
 * again whenever it is used, so narrowing the list takes effect for datasources saved before.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { expectBadRequest } from '../support/bad_request';
import { databaseUrl, uniqueName } from '../bed/context';
import { jdbcFor, startFederationApi, type FederationApi } from '../support/in_process_host';
import { DATASOURCES } from '../support/api_paths';

describe('datasourceHosts', () => {
  const apis: FederationApi[] = [];
  const created: string[] = [];
  afterAll(async () => {
    for (const id of created) await apis[0]?.call('DELETE', `${DATASOURCES}/${id}`);
    for (const api of apis) await api.close();
  });

  it('refuses hosts not listed, on save and on use', async (ctx) => {
    const url = new URL(databaseUrl('postgres', ctx));
    const jdbc = jdbcFor('postgres', url.toString());
    const api = await startFederationApi({ datasourceHosts: [url.hostname] });
    apis.push(api);

    const id = uniqueName('hosts-ds');
    created.push(id);
    const allowed = await api.call('PUT', `${DATASOURCES}/${id}`, { jdbc });
    expect(allowed.status, allowed.text).toBe(201);
    expect((await api.call('POST', `${DATASOURCES}/${id}/_validate`)).status).toBe(200);

    // The same server by another name: names are matched as written, never resolved.
    const other = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const refused = await api.call('PUT', `${DATASOURCES}/${uniqueName('hosts-ds')}`, {
      jdbc: { ...jdbc, url: jdbc.url.replace(`//${url.hostname}`, `//${other}`) },
    });
    const body = expectBadRequest(refused, `host [${other}]`, 'datasourceHosts');
    expect(body.error.type).toBe('illegal_argument_exception');

    const narrowed = await startFederationApi({ datasourceHosts: ['10.0.0.0/8'] });
    apis.push(narrowed);
    const validate = await narrowed.call('POST', `${DATASOURCES}/${id}/_validate`);
    expectBadRequest(validate, `host [${url.hostname}]`);
  });
});
