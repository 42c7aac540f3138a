import mysql from 'mysql2/promise';
import { Client as PgClient } from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { databaseUrl, openSearchClient, openSearchUrl, uniqueName } from '../bed/context';

describe('test bed', () => {
  it('provides an OpenSearch that answers GET / with its version', async () => {
    const res = await fetch(`${openSearchUrl()}/`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { version: { number: string; distribution?: string } };
    expect(body.version.number).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.version.number).toBe(inject('opensearchVersion'));
  });

  it('has cluster health green or yellow', async () => {
    const health = await openSearchClient().cluster.health();
    expect(['green', 'yellow']).toContain(health.body.status);
  });

  it('gives unique lowercase index names that OpenSearch accepts', async () => {
    const index = uniqueName('Test Bed');
    expect(index).toMatch(new RegExp(`^test-test-bed-${inject('testRunId')}[0-9a-f]{6}$`));
    expect(uniqueName('Test Bed')).not.toBe(index);
    const client = openSearchClient();
    await client.indices.create({ index });
    expect((await client.indices.exists({ index })).body).toBe(true);
  });

  it('provides PostgreSQL answering SELECT 1', async (ctx) => {
    const client = new PgClient({ connectionString: databaseUrl('postgres', ctx) });
    await client.connect();
    try {
      const result = await client.query<{ one: number }>('SELECT 1 AS one');
      expect(result.rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });

  it('provides MariaDB answering SELECT 1', async (ctx) => {
    const conn = await mysql.createConnection({ uri: databaseUrl('mysql', ctx) });
    try {
      const [rows] = await conn.query('SELECT 1 AS one');
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await conn.end();
    }
  });
});
