import type { Client } from '@opensearch-project/opensearch';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync } from 'fs';
import path from 'path';
import { demoRows } from './demo_rows';

export const DEMO_INDICES = { companies: 'demo-companies', articles: 'demo-articles' } as const;

const MAPPINGS: Record<string, Record<string, Record<string, unknown>>> = {
  [DEMO_INDICES.companies]: {
    id: { type: 'long' },
    name: { type: 'text', fields: { keyword: { type: 'keyword' } } },
    country: { type: 'keyword' },
    sector: { type: 'keyword' },
    founded: { type: 'integer' },
  },
  [DEMO_INDICES.articles]: {
    id: { type: 'long' },
    title: { type: 'text' },
    company_id: { type: 'long' },
    published: { type: 'date' },
    sentiment: { type: 'double' },
  },
};

/**
 * Loads the demo data once: two OpenSearch indices and a SQLite file that the virtual-index work
 * exposes later. Each part is skipped when it already exists, so restarts keep user changes.
 */
export async function loadDemoData(
  client: Client,
  sqliteFile: string,
  log: (line: string) => void
): Promise<void> {
  const rows = demoRows();
  await loadIndex(client, DEMO_INDICES.companies, rows.companies, log);
  await loadIndex(client, DEMO_INDICES.articles, rows.articles, log);
  if (!existsSync(sqliteFile)) {
    mkdirSync(path.dirname(sqliteFile), { recursive: true });
    const db = new Database(sqliteFile);
    try {
      db.exec(`CREATE TABLE investments (
        id INTEGER PRIMARY KEY,
        company_id INTEGER NOT NULL,
        investor TEXT NOT NULL,
        amount REAL NOT NULL,
        invested_on DATE NOT NULL
      )`);
      const insert = db.prepare(
        'INSERT INTO investments (id, company_id, investor, amount, invested_on) VALUES (@id, @company_id, @investor, @amount, @invested_on)'
      );
      db.transaction(() => rows.investments.forEach((row) => insert.run(row)))();
    } finally {
      db.close();
    }
    log(`demo data: wrote ${rows.investments.length} investments to ${sqliteFile}`);
  }
}

async function loadIndex(
  client: Client,
  index: string,
  docs: Array<{ id: number }>,
  log: (line: string) => void
): Promise<void> {
  const exists = await client.indices.exists({ index });
  if (exists.body) return;
  await client.indices.create({
    index,
    body: {
      settings: { number_of_shards: 1, number_of_replicas: 0 },
      mappings: { properties: MAPPINGS[index] },
    } as never,
  });
  const body = docs.flatMap((doc) => [{ index: { _index: index, _id: String(doc.id) } }, doc]);
  const response = await client.bulk({ body, refresh: true });
  if (response.body.errors) throw new Error(`demo data: bulk load of ${index} reported errors`);
  log(`demo data: loaded ${docs.length} documents into ${index}`);
}
