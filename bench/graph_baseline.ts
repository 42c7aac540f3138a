/**
 * The graph suite's baseline: the semi-joins and fetches of the engine's plan for the benchmark
 * pattern, done by hand against OpenSearch and PostgreSQL as an expert script would, starting
 * from the end with fewer matching documents: distinct keys by composite aggregation,
 * `= ANY($1::bigint[])` in PostgreSQL, RoaringBitmap `terms` filters back into OpenSearch, the
 * four reductions (forward, then back), then each node's surviving documents (PIT +
 * search_after; one SELECT, or a cursor when only the first rows are wanted) hash-joined into
 * rows. Every phase is timed, for the report's "where the time goes".
 */
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { bitmapFilter } from '../server/engine/backends/bitmap_filter';
import { parseSettings } from '../server/engine/settings';
import {
  A_INDEX,
  A_QUERY_STRING,
  B_TABLE,
  C_INDEX,
  C_MIN_SCORE,
  C_QUERY_STRING,
} from './graph_data';
import { compositeKeys, osJson } from './join_data';
import { quote } from './million_row_table';

/** The engine's defaults (the host runs with them): the baseline pages keys the same way. */
const KEY_PAGE = parseSettings({}).joinKeyPageSize;
/** Documents per search_after page, as the engine reads a node's documents. */
export const DOCUMENT_PAGE = 5_000;

/** A row as the query selects it: a.name, b.amount, c.title. */
export type Row = [unknown, unknown, unknown];

/** One end of the pattern: an OpenSearch entity, its key field (also B's column), its filter. */
export interface End {
  label: 'A' | 'C';
  index: string;
  field: 'a_id' | 'c_id';
  shown: 'name' | 'title';
  query: unknown;
}

export const A_END: End = {
  label: 'A',
  index: A_INDEX,
  field: 'a_id',
  shown: 'name',
  query: { query_string: { query: A_QUERY_STRING } },
};
export const C_END: End = {
  label: 'C',
  index: C_INDEX,
  field: 'c_id',
  shown: 'title',
  query: {
    bool: {
      filter: [
        { query_string: { query: C_QUERY_STRING } },
        { range: { score: { gte: C_MIN_SCORE } } },
      ],
    },
  },
};

/** Phases of one baseline run, in ms; `keys` are the key counts each reduction carried. */
export interface BaselineRun {
  rows: Row[];
  phases: Record<string, number>;
  keys: number[];
}

/**
 * The baseline: the plan's semi-joins and fetches done by hand against OpenSearch and
 * PostgreSQL, starting from the end with fewer matching documents, as the engine's plan does.
 */
export class Baseline {
  constructor(
    private readonly osUrl: string,
    private readonly client: pg.Client,
    private readonly first: End,
    private readonly last: End
  ) {}

  /** Phase names in plan order (the engine's reduce, fetch and assemble steps). */
  get phaseNames(): string[] {
    const f = this.first.label;
    const l = this.last.label;
    return [
      `reduce ${f}→B`,
      `reduce B→${l}`,
      `reduce ${l}→B`,
      `reduce B→${f}`,
      `fetch ${f}`,
      'fetch B',
      `fetch ${l}`,
      'fetch (all, in parallel)',
      'hash join',
    ];
  }

  async run(limit?: number): Promise<BaselineRun> {
    const { first, last } = this;
    const names = this.phaseNames;
    const phases: Record<string, number> = {};
    const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const t0 = process.hrtime.bigint();
      try {
        return await work();
      } finally {
        phases[name] = Number(process.hrtime.bigint() - t0) / 1e6;
      }
    };
    // Forward from the selective end, then back: each node narrowed by both neighbours.
    const k1 = await timed(names[0], () =>
      this.openSearchKeys(first.index, first.field, first.query)
    );
    const k2 = await timed(names[1], () => this.postgresKeys(last.field, [[first.field, k1]]));
    const lastQuery = and(last.query, keyFilter(last.field, k2));
    const k3 = await timed(names[2], () => this.openSearchKeys(last.index, last.field, lastQuery));
    const bWhere: Array<[string, Float64Array]> = [
      [first.field, k1],
      [last.field, k3],
    ];
    const k4 = await timed(names[3], () => this.postgresKeys(first.field, bWhere));
    const firstQuery = and(first.query, keyFilter(first.field, k4));
    const t0 = process.hrtime.bigint();
    const [firstDocs, lastDocs, bRows] = await Promise.all([
      timed(names[4], () =>
        this.openSearchDocs(first.index, firstQuery, [first.field, first.shown])
      ),
      timed(names[6], () => this.openSearchDocs(last.index, lastQuery, [last.field, last.shown])),
      timed(names[5], () => this.postgresRows(bWhere, limit)),
    ]);
    phases[names[7]] = Number(process.hrtime.bigint() - t0) / 1e6;
    const rows = await timed(names[8], async () => {
      const byFirst = index(firstDocs, first.field);
      const byLast = index(lastDocs, last.field);
      const out: Row[] = [];
      const a = first.label === 'A' ? byFirst : byLast;
      const c = first.label === 'A' ? byLast : byFirst;
      let page = bRows;
      for (;;) {
        for (const b of page.rows) {
          for (const ad of a.get(b.a_id) ?? []) {
            for (const cd of c.get(b.c_id) ?? []) {
              out.push([ad.name, b.amount, cd.title]);
              if (out.length === limit) {
                await page.more?.close();
                return out;
              }
            }
          }
        }
        if (page.more === null) return out;
        page = await page.more.next();
      }
    });
    return { rows, phases, keys: [k1.length, k2.length, k3.length, k4.length] };
  }

  /** Composite aggregation pages of the engine's key page size. */
  private openSearchKeys(index: string, field: string, query: unknown): Promise<Float64Array> {
    return compositeKeys(this.osUrl, index, field, query, KEY_PAGE);
  }

  private async postgresKeys(
    column: string,
    where: Array<[string, Float64Array]>
  ): Promise<Float64Array> {
    if (where.some(([, keys]) => keys.length === 0)) return new Float64Array(0);
    const { clause, params } = anyClauses(where);
    const r = await this.client.query<[string]>({
      text: `SELECT DISTINCT ${quote(column)} FROM ${quote(B_TABLE)} WHERE ${clause} ORDER BY 1`,
      values: params,
      rowMode: 'array',
    });
    const keys = new Float64Array(r.rows.length);
    for (let i = 0; i < r.rows.length; i++) keys[i] = Number(r.rows[i][0]);
    return keys;
  }

  /**
   * B's surviving rows: all of them in one SELECT, or (with `limit`) through a cursor read
   * `limit` rows at a time, so the caller can stop early.
   */
  private async postgresRows(where: Array<[string, Float64Array]>, limit?: number): Promise<BRows> {
    if (where.some(([, keys]) => keys.length === 0)) return { rows: [], more: null };
    const { clause, params } = anyClauses(where);
    const text = `SELECT a_id, c_id, amount FROM ${quote(B_TABLE)} WHERE ${clause}`;
    if (limit === undefined) {
      const r = await this.client.query<[string, string, number]>({
        text,
        values: params,
        rowMode: 'array',
      });
      return { rows: r.rows.map(bRow), more: null };
    }
    const cursor = this.client.query(
      new Cursor<[string, string, number]>(text, params, { rowMode: 'array' })
    );
    const read = async (): Promise<BRows> => {
      const rows = (await cursor.read(limit)).map(bRow);
      if (rows.length < limit) {
        await cursor.close();
        return { rows, more: null };
      }
      return { rows, more: { next: read, close: () => cursor.close() } };
    };
    return read();
  }

  /** Every matching document from a point in time, in `_shard_doc` order, with search_after. */
  private async openSearchDocs(
    index: string,
    query: unknown,
    fields: string[]
  ): Promise<Array<Record<string, number | string>>> {
    const { pit_id } = await osJson<{ pit_id: string }>(
      this.osUrl,
      'POST',
      `/${index}/_search/point_in_time?keep_alive=1m`
    );
    let pitId = pit_id;
    const docs: Array<Record<string, number | string>> = [];
    try {
      let after: unknown[] | undefined;
      for (;;) {
        const page = await osJson<{
          pit_id?: string;
          hits: { hits: Array<{ _source: Record<string, number | string>; sort: unknown[] }> };
        }>(this.osUrl, 'POST', '/_search', {
          size: DOCUMENT_PAGE,
          track_total_hits: false,
          _source: { includes: fields },
          query,
          sort: [{ _shard_doc: 'asc' }],
          pit: { id: pitId, keep_alive: '1m' },
          ...(after ? { search_after: after } : {}),
        });
        if (page.pit_id) pitId = page.pit_id;
        for (const hit of page.hits.hits) docs.push(hit._source);
        if (page.hits.hits.length < DOCUMENT_PAGE) break;
        after = page.hits.hits[page.hits.hits.length - 1].sort;
      }
    } finally {
      await osJson(this.osUrl, 'DELETE', '/_search/point_in_time', { pit_id: [pitId] }).catch(
        () => undefined
      );
    }
    return docs;
  }
}

interface BRows {
  rows: Array<{ a_id: number; c_id: number; amount: number }>;
  /** With a cursor still open: the next rows, or closing it. */
  more: { next: () => Promise<BRows>; close: () => Promise<void> } | null;
}

function bRow([a, c, amount]: [string, string, number]) {
  return { a_id: Number(a), c_id: Number(c), amount };
}

/** `col = ANY($i::bigint[])` for each key set: PostgreSQL hashes the array. */
function anyClauses(where: Array<[string, Float64Array]>) {
  return {
    clause: where.map(([column], i) => `${quote(column)} = ANY($${i + 1}::bigint[])`).join(' AND '),
    params: where.map(([, keys]) => Array.from(keys)),
  };
}

/** The keys as one RoaringBitmap `terms` filter on a long field, as the engine sends them. */
function keyFilter(field: string, keys: Float64Array): unknown {
  if (keys.length === 0) return { match_none: {} };
  return { constant_score: { filter: bitmapFilter(field, keys, 'long') } };
}

function and(query: unknown, filter: unknown): unknown {
  return { bool: { filter: [query, filter] } };
}

function index<T extends Record<string, number | string>>(docs: T[], field: string) {
  const map = new Map<number, T[]>();
  for (const doc of docs) {
    const key = Number(doc[field]);
    const list = map.get(key);
    if (list) list.push(doc);
    else map.set(key, [doc]);
  }
  return map;
}
