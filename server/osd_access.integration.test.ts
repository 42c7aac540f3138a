import type { Client } from '@opensearch-project/opensearch';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, openSearchClient, uniqueName } from '../test/bed/context';
import { jdbcFor } from '../test/support/in_process_host';
import { createOsdHarness, type OsdHarness } from '../test/osd/osd_harness';
import { denyingClient } from '../test/osd/scoped_client';
import type { HandlerContext } from './http/router_contract';
import { plugin } from './index';

/**
 * Inside OSD a virtual index is answered only for callers who may read its concrete index:
 * the check runs as the current user before any statement reaches the database. The remote
 * resource is a PostgreSQL view that logs every read into a table, so "no statement" is seen.
 */
describe('OSD: virtual indices need read access to their concrete index', () => {
  let harness: OsdHarness;
  let client: Client;
  let stopPlugin: (() => Promise<void>) | undefined;
  let url = '';
  const suffix = Math.random().toString(36).slice(2, 8);
  const table = `fed_acl_${suffix}`;
  const log = `fed_acl_log_${suffix}`;
  const view = `fed_acl_view_${suffix}`;
  const datasource = uniqueName('acl-ds');
  const name = uniqueName('acl-vi');
  let allow: HandlerContext;
  let deny: HandlerContext;

  async function sql(statements: string[]) {
    const pgClient = new pg.Client({ connectionString: url });
    await pgClient.connect();
    try {
      let rows: unknown[] = [];
      for (const statement of statements) rows = (await pgClient.query(statement)).rows;
      return rows;
    } finally {
      await pgClient.end();
    }
  }
  const reads = async () =>
    Number(((await sql([`SELECT count(*) AS n FROM ${log}`]))[0] as { n: string }).n);

  beforeAll(async () => {
    client = openSearchClient();
    allow = { core: { opensearch: { client: { asCurrentUser: client, asInternalUser: client } } } };
    deny = {
      core: {
        opensearch: {
          client: { asCurrentUser: denyingClient(client, name), asInternalUser: client },
        },
      },
    };
    harness = createOsdHarness({
      enabled: true,
      encryptionKey: 'osd-access-test-key-0123456789abcdef',
    });
    const instance = plugin(harness.initializerContext);
    await instance.setup(harness.core);
    instance.start({ opensearch: { client: { asInternalUser: client } } });
    stopPlugin = () => instance.stop();
  });

  afterAll(async () => {
    await harness
      ?.invoke('delete', '/_svc/connector/index/{id}', { params: { id: name } }, allow)
      .catch(() => undefined);
    await harness
      ?.invoke('delete', '/_svc/connector/datasource/{id}', { params: { id: datasource } }, allow)
      .catch(() => undefined);
    await stopPlugin?.();
    await client?.indices.delete({ index: name }, { ignore: [404] });
    if (url)
      await sql([
        `DROP VIEW IF EXISTS ${view}`,
        `DROP FUNCTION IF EXISTS ${view}_rows()`,
        `DROP TABLE IF EXISTS ${table}`,
        `DROP TABLE IF EXISTS ${log}`,
      ]).catch(() => undefined);
  });

  it('answers 403 before any statement when the current user may not read the concrete index', async (ctx) => {
    url = databaseUrl('postgres', ctx);
    await sql([
      `CREATE TABLE ${table} (id bigint PRIMARY KEY, label text)`,
      `INSERT INTO ${table} VALUES (1, 'one'), (2, 'two')`,
      `CREATE TABLE ${log} (at timestamptz DEFAULT clock_timestamp())`,
      `CREATE FUNCTION ${view}_rows() RETURNS TABLE (id bigint, label text) LANGUAGE plpgsql VOLATILE AS $$
         BEGIN INSERT INTO ${log} DEFAULT VALUES; RETURN QUERY SELECT t.id, t.label FROM ${table} t; END $$`,
      `CREATE VIEW ${view} AS SELECT * FROM ${view}_rows()`,
    ]);
    const json = (body: unknown) => Buffer.from(JSON.stringify(body));
    const ds = await harness.invoke(
      'put',
      '/_svc/connector/datasource/{id}',
      { params: { id: datasource }, body: json({ jdbc: jdbcFor('postgres', url) }) },
      allow
    );
    expect(ds.status, JSON.stringify(ds.body)).toBe(201);
    const vi = await harness.invoke(
      'put',
      '/_svc/connector/index/{id}',
      { params: { id: name }, body: json({ datasource, resource: view, key: 'id' }) },
      allow
    );
    expect(vi.status, JSON.stringify(vi.body)).toBe(201);

    // The allowed user is answered from the view, which logs the read.
    const before = await reads();
    const allowed = await harness.invoke(
      'post',
      '/svc/{index}/_search',
      { params: { index: name }, body: json({}) },
      allow
    );
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect((allowed.body as { hits: { total: { value: number } } }).hits.total.value).toBe(2);
    const afterAllowed = await reads();
    expect(afterAllowed).toBeGreaterThan(before);

    // The denied user gets the security plugin's 403 on every read route, and no statement runs.
    const attempts = [
      harness.invoke(
        'post',
        '/svc/{index}/_search',
        { params: { index: name }, body: json({}) },
        deny
      ),
      harness.invoke('get', '/svc/{index}/_doc/{id}', { params: { index: name, id: '1' } }, deny),
      harness.invoke(
        'post',
        '/svc/_mget',
        { body: json({ docs: [{ _index: name, _id: '1' }] }) },
        deny
      ),
      harness.invoke('get', '/svc/{index}/_mapping', { params: { index: name } }, deny),
    ];
    for (const denied of await Promise.all(attempts)) {
      expect(denied.status, JSON.stringify(denied.body)).toBe(403);
      expect(denied.body).toMatchObject({ status: 403, error: { type: 'security_exception' } });
    }
    expect(await reads()).toBe(afterAllowed);
  });

  it('keeps a named user’s passed check for that user alone', async () => {
    // Passed read checks are kept per caller for catalogCacheMs (catalog/read_check_cache.ts).
    const json = (body: unknown) => Buffer.from(JSON.stringify(body));
    const as = (user: string) => ({ 'x-harness-user': user });
    const search = (user: string, context: HandlerContext) =>
      harness.invoke(
        'post',
        '/svc/{index}/_search',
        { params: { index: name }, body: json({}), headers: as(user) },
        context
      );
    const alice = await search('alice', allow);
    expect(alice.status, JSON.stringify(alice.body)).toBe(200);
    const anonymousAllowed = await harness.invoke(
      'post',
      '/svc/{index}/_search',
      { params: { index: name }, body: json({}) },
      allow
    );
    expect(anonymousAllowed.status).toBe(200);
    const before = await reads();
    // Another user, whom the security plugin refuses, is checked for herself: a 403, no statement.
    const mallory = await search('mallory', deny);
    expect(mallory.status, JSON.stringify(mallory.body)).toBe(403);
    // So is the anonymous caller, whose pass is never kept.
    const anonymousDenied = await harness.invoke(
      'post',
      '/svc/{index}/_search',
      { params: { index: name }, body: json({}) },
      deny
    );
    expect(anonymousDenied.status, JSON.stringify(anonymousDenied.body)).toBe(403);
    expect(await reads()).toBe(before);
  });
});
