/**
 * Every request that carries a user value to SQL, built for one hostile value: queries (term,
 * terms, match, match_phrase, query_string, prefix, wildcard, range, ids, a join's child
 * query), a filter aggregation and terms `include`/`exclude`, `search_after`, `_doc/<id>` and
 * `_mget`. Where the matching rows follow from the value alone (equality, prefix, wildcard,
 * ids), the case says which `_id`s must come back, exactly; elsewhere any subset of the table is
 * acceptable, and only the safety checks apply.
 */
import type { DataRow, TableSpec } from '../differential/table_spec';

export interface InjectionCase {
  label: string;
  method: 'GET' | 'POST';
  path(index: string): string;
  body?: unknown;
  /** How to read the `_id`s found: a search response, a `_doc` response, or `_mget`. */
  read: 'search' | 'doc' | 'mget';
  /** The `_id`s that must be found exactly (on a 2xx), or null when any subset will do. */
  expected: Set<string> | null;
}

/** Names of the documents: ordinary text and values that look like the attacks. */
const NAMES = [
  'x',
  'abc',
  "O'Brien",
  "'",
  "x'",
  '\\',
  "\\'",
  '%',
  '_',
  "x' OR 1=1) -- ",
  'x%',
  'secret',
];

export function docsSpec(): TableSpec {
  const rows: DataRow[] = NAMES.map((name, i) => ({
    id: i + 1,
    name,
    n: i * 10,
    d: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
    flag: i % 2 === 0,
  }));
  return {
    columns: [
      { name: 'id', type: 'long' },
      { name: 'name', type: 'keyword' },
      { name: 'n', type: 'long' },
      { name: 'd', type: 'date' },
      { name: 'flag', type: 'boolean' },
    ],
    key: 'id',
    rows,
  };
}

export function canarySpec(secret: string): TableSpec {
  return {
    columns: [
      { name: 'id', type: 'long' },
      { name: 'secret', type: 'keyword' },
    ],
    key: 'id',
    rows: [{ id: 1, secret }],
  };
}

function idsWhere(spec: TableSpec, keep: (name: string) => boolean): Set<string> {
  return new Set(spec.rows.filter((r) => keep(String(r.name))).map((r) => String(r.id)));
}

/** OpenSearch wildcard syntax (`*`, `?`, `\` escapes) as an anchored regular expression. */
function wildcardRegex(pattern: string): RegExp {
  let source = '';
  const chars = Array.from(pattern);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === '\\' && i + 1 < chars.length) source += escapeRegex(chars[++i]);
    else if (c === '*') source += '.*';
    else if (c === '?') source += '.';
    else source += escapeRegex(c);
  }
  return new RegExp(`^${source}$`, 'su');
}

function escapeRegex(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const search = (index: string) => `/svc/${index}/_search`;

export function casesFor(value: string, spec: TableSpec): InjectionCase[] {
  const equal = idsWhere(spec, (name) => name === value);
  const byId = new Set(spec.rows.map((r) => String(r.id)).filter((id) => id === value));
  const searchCase = (label: string, body: unknown, expected: Set<string> | null) => ({
    label,
    method: 'POST' as const,
    path: search,
    body: { size: 100, ...(body as object) },
    read: 'search' as const,
    expected,
  });
  return [
    searchCase('term', { query: { term: { name: value } } }, equal),
    searchCase('term value', { query: { term: { name: { value } } } }, equal),
    searchCase('terms', { query: { terms: { name: [value, 'no such name'] } } }, equal),
    searchCase('match', { query: { match: { name: value } } }, null),
    searchCase('match_phrase', { query: { match_phrase: { name: value } } }, null),
    searchCase(
      'query_string',
      { query: { query_string: { query: value, default_field: 'name' } } },
      null
    ),
    searchCase(
      'query_string quoted',
      {
        query: { query_string: { query: `name:"${value.replace(/["\\]/g, '\\$&')}"` } },
      },
      null
    ),
    searchCase(
      'prefix',
      { query: { prefix: { name: value } } },
      idsWhere(spec, (name) => name.startsWith(value))
    ),
    searchCase(
      'wildcard',
      { query: { wildcard: { name: value } } },
      idsWhere(spec, (name) => wildcardRegex(value).test(name))
    ),
    searchCase('range keyword', { query: { range: { name: { gte: value, lte: value } } } }, equal),
    searchCase('range long', { query: { range: { n: { gte: value } } } }, null),
    searchCase('range date', { query: { range: { d: { lt: value } } } }, null),
    searchCase('term long', { query: { term: { n: value } } }, null),
    searchCase('ids', { query: { ids: { values: [value] } } }, byId),
    searchCase(
      'bool must_not',
      { query: { bool: { must: [{ term: { name: value } }], must_not: [{ term: { n: -1 } }] } } },
      equal
    ),
    searchCase(
      'join child query',
      {
        query: {
          join: {
            indices: ['__SELF__'],
            on: ['id', 'id'],
            request: { query: { term: { name: value } } },
          },
        },
      },
      equal
    ),
    searchCase(
      'filter aggregation',
      { size: 0, aggs: { f: { filter: { term: { name: value } } } } },
      null
    ),
    searchCase(
      'terms include',
      { size: 0, aggs: { t: { terms: { field: 'name', include: [value] } } } },
      null
    ),
    searchCase(
      'terms exclude',
      { size: 0, aggs: { t: { terms: { field: 'name', exclude: value } } } },
      null
    ),
    searchCase(
      'search_after keyword',
      { sort: [{ name: 'asc' }, { id: 'asc' }], search_after: [value, 0] },
      null
    ),
    searchCase('search_after long', { sort: [{ n: 'asc' }], search_after: [value] }, null),
    {
      label: '_doc',
      method: 'GET',
      path: (index) => `/svc/${index}/_doc/${encodeURIComponent(value)}`,
      read: 'doc',
      expected: byId,
    },
    {
      label: '_mget',
      method: 'POST',
      path: (index) => `/svc/${index}/_mget`,
      body: { ids: [value] },
      read: 'mget',
      expected: byId,
    },
  ];
}

/** The `_id`s a 2xx response found. */
export function foundIds(read: InjectionCase['read'], body: any): string[] {
  if (read === 'doc') return body?.found ? [String(body._id)] : [];
  if (read === 'mget') {
    return (body?.docs ?? []).filter((d: any) => d.found).map((d: any) => String(d._id));
  }
  return (body?.hits?.hits ?? []).map((h: any) => String(h._id));
}
