/**
 * A valid request for each registered route, built from the fuzz world (the normal index, the
 * virtual indices and datasources of each database, the data's own values). Routes are told
 * apart by their path template; a route this file does not know still gets a generic request
 * with its parameters filled, so a new route is fuzzed from the day it is registered.
 */
import { randomAggs } from '../differential/aggregation_generator';
import type { Prng } from '../differential/prng';
import { randomQuery, UNKNOWN_FIELD } from '../differential/query_generator';
import type { SqlKind } from '../differential/sql_tables';
import type { ValuePool } from '../differential/value_pool';
import { graphRequest } from './graph_requests';
import type { RouteSpec } from './route_catalog';

export interface FuzzWorld {
  /** An OpenSearch index holding the data set. */
  normal: string;
  /** Virtual indices over the same rows, per database that could be set up. */
  virtual: Partial<Record<SqlKind, string>>;
  datasources: Partial<Record<SqlKind, string>>;
  tables: Partial<Record<SqlKind, string>>;
  /** The SQLite database file (in the one directory the host allows). */
  sqliteFile: string;
  /** Prefix of every datasource and virtual index id a fuzz case may create. */
  freshPrefix: string;
  pool: ValuePool;
}

export type Ndjson = { ndjson: unknown[] };

export interface RequestPlan {
  /** Decoded path parameter values; encoded when the path is built (see case_generator). */
  params: Record<string, string>;
  query: Record<string, string>;
  body?: unknown | Ndjson;
  /** True when the request is valid as built, so anything but a 2xx is a failure. */
  expectSuccess: boolean;
}

export type RouteKind =
  | 'search'
  | 'msearch'
  | 'mget'
  | 'doc'
  | 'mapping'
  | 'field_caps'
  | 'pit_open'
  | 'pit_close'
  | 'datasource_put'
  | 'datasource_read'
  | 'datasource_delete'
  | 'datasource_list'
  | 'datasource_validate'
  | 'datasource_metadata'
  | 'virtual_put'
  | 'virtual_read'
  | 'virtual_delete'
  | 'virtual_list'
  | 'graph'
  | 'other';

export function routeKind(route: RouteSpec): RouteKind {
  const p = route.path;
  const m = route.method;
  if (p.endsWith('/_graph')) return 'graph';
  if (p.endsWith('/_msearch')) return 'msearch';
  if (p.endsWith('/_search') && p.startsWith('/svc')) return 'search';
  if (p.endsWith('/_mget')) return 'mget';
  if (p.includes('/_doc/')) return 'doc';
  if (p.endsWith('/_mapping')) return 'mapping';
  if (p.endsWith('/_field_caps')) return 'field_caps';
  if (p.endsWith('/_pit')) return m === 'delete' ? 'pit_close' : 'pit_open';
  if (p.includes('/datasource')) {
    if (p.endsWith('/_validate')) return 'datasource_validate';
    if (p.endsWith('/_metadata')) return 'datasource_metadata';
    if (!p.includes('{')) return 'datasource_list';
    if (m === 'put') return 'datasource_put';
    if (m === 'delete') return 'datasource_delete';
    return 'datasource_read';
  }
  if (p.includes('/connector/index')) {
    if (!p.includes('{')) return 'virtual_list';
    if (m === 'put') return 'virtual_put';
    if (m === 'delete') return 'virtual_delete';
    return 'virtual_read';
  }
  return 'other';
}

export function targets(world: FuzzWorld): string[] {
  return [world.normal, ...Object.values(world.virtual)];
}

function kinds(world: FuzzWorld): SqlKind[] {
  return Object.keys(world.virtual) as SqlKind[];
}

/**
 * One target, or (rarely) a comma list of virtual indices: a request may not mix virtual and
 * normal indices (a documented 400), so a valid list never does.
 */
export function validIndex(random: Prng, world: FuzzWorld): string {
  const virtual = Object.values(world.virtual);
  if (virtual.length > 1 && random.chance(0.15))
    return random.sample(virtual, random.int(2, virtual.length)).join(',');
  return random.pick(targets(world));
}

/**
 * The differential generator now and then asks a metric of a keyword or unknown field on purpose
 * (both sides must then fail alike); a valid request never does.
 */
function validAggs(random: Prng, pool: ValuePool): Record<string, unknown> {
  const refused = new RegExp(`"(avg|sum|min|max)":\\{"field":"(k|${UNKNOWN_FIELD})"`);
  for (;;) {
    const aggs = randomAggs(random, pool);
    if (!refused.test(JSON.stringify(aggs))) return aggs;
  }
}

export function freshId(random: Prng, world: FuzzWorld): string {
  return `${world.freshPrefix}${random.int(0, 1e9).toString(36)}`;
}

/** A valid search of `index`; aggregations over several virtual indices are a documented 400. */
function searchBody(random: Prng, world: FuzzWorld, index: string): Record<string, unknown> {
  const pool = world.pool;
  const body: Record<string, unknown> = {};
  if (random.chance(0.8)) body.query = randomQuery(random, pool);
  if (random.chance(0.15)) body.query = joinQuery(random, world);
  if (!index.includes(',') && random.chance(0.35)) {
    body.aggs = validAggs(random, pool);
    if (random.chance(0.6)) body.size = 0;
  }
  if (body.size === undefined) body.size = random.int(0, 20);
  if (random.chance(0.4)) {
    const field = random.pick(['k', 'n', 'd', 't', 'b']);
    body.sort = [{ [field]: random.pick(['asc', 'desc']) }, { [pool.key]: 'asc' }];
    const row = random.pick(pool.rows);
    // search_after values of keyword and long sorts, taken from a real row.
    if ((field === 'k' || field === 'n') && row[field] !== null && random.chance(0.5)) {
      body.search_after = [row[field], row[pool.key]];
    }
  }
  if (body.search_after === undefined && random.chance(0.2)) body.from = random.int(0, 30);
  if (random.chance(0.2)) body._source = random.pick([false, ['k', 'n'], { includes: ['k*'] }]);
  if (random.chance(0.2)) body.track_total_hits = random.pick([true, false, 10]);
  if (random.chance(0.15)) body.timeout = random.pick(['1s', '500ms', '2s']);
  return body;
}

/** A semi-join whose child is a virtual index or the normal index. */
function joinQuery(random: Prng, world: FuzzWorld): Record<string, unknown> {
  const child = random.pick(targets(world));
  return {
    join: {
      indices: [child],
      on: [world.pool.key, world.pool.key],
      request: { query: randomQuery(random, world.pool, 1) },
      ...(random.chance(0.2)
        ? { type: random.pick(['HASH_JOIN', 'BROADCAST_JOIN', 'INDEX_JOIN']) }
        : {}),
    },
  };
}

function someKeys(random: Prng, world: FuzzWorld): string[] {
  return random.sample(world.pool.values.get(world.pool.key)!, random.int(1, 4)).map(String);
}

function datasourceBody(random: Prng, world: FuzzWorld): Record<string, unknown> {
  const kind = random.pick(['postgres', 'mysql', 'sqlite', 'sqlserver', 'refused'] as const);
  switch (kind) {
    case 'postgres':
      return {
        jdbc: {
          driver: 'org.postgresql.Driver',
          url: 'jdbc:postgresql://127.0.0.1:5432/test',
          username: 'postgres',
          password: 'fuzz-password',
        },
      };
    case 'mysql':
      return {
        jdbc: {
          driver: 'org.mariadb.jdbc.Driver',
          url: 'jdbc:mariadb://127.0.0.1:3306/test',
          username: 'root',
        },
      };
    case 'sqlite':
      return { jdbc: { driver: 'org.sqlite.JDBC', url: `jdbc:sqlite:${world.sqliteFile}` } };
    case 'sqlserver':
      return {
        jdbc: {
          driver: 'com.microsoft.sqlserver.jdbc.SQLServerDriver',
          url: 'jdbc:sqlserver://127.0.0.1:1;databaseName=test',
          username: 'sa',
          password: 'x',
          timezone: 'UTC',
        },
      };
    default:
      // A port nothing listens on: a quick refusal, never a hang.
      return {
        jdbc: {
          driver: 'org.postgresql.Driver',
          url: `jdbc:postgresql://127.0.0.1:1/test`,
          username: 'u',
          timezone: random.pick(['UTC', 'Europe/Helsinki']),
        },
      };
  }
}

export function validRequest(route: RouteSpec, random: Prng, world: FuzzWorld): RequestPlan {
  const pool = world.pool;
  const dsKind = random.pick(kinds(world));
  switch (routeKind(route)) {
    case 'search': {
      const index = validIndex(random, world);
      return route.params.includes('index')
        ? {
            params: { index },
            query: {},
            body: searchBody(random, world, index),
            expectSuccess: true,
          }
        : {
            params: {},
            query: {},
            // Every index of the cluster: aggregations or sorts could meet other tests' indices
            // whose fields have other types, which OpenSearch itself answers with a 500.
            body: { query: { ids: { values: someKeys(random, world) } }, size: random.int(0, 5) },
            expectSuccess: true,
          };
    }
    case 'msearch': {
      const lines: unknown[] = [];
      const count = random.int(1, 3);
      const pathIndex = validIndex(random, world);
      for (let i = 0; i < count; i++) {
        const own = route.params.includes('index') && random.chance(0.5);
        const index = own ? pathIndex : validIndex(random, world);
        lines.push(own ? {} : { index });
        lines.push(searchBody(random, world, index));
      }
      return {
        params: route.params.includes('index') ? { index: pathIndex } : {},
        query: {},
        body: { ndjson: lines },
        expectSuccess: true,
      };
    }
    case 'mget':
      return route.params.includes('index')
        ? {
            params: { index: random.pick(targets(world)) },
            query: {},
            body: { ids: someKeys(random, world) },
            expectSuccess: true,
          }
        : {
            params: {},
            query: {},
            body: {
              docs: someKeys(random, world).map((id) => ({
                _index: random.pick(targets(world)),
                _id: id,
              })),
            },
            expectSuccess: true,
          };
    case 'doc':
      return {
        params: {
          index: random.pick(targets(world)),
          id: String(random.pick(pool.values.get(pool.key)!)),
        },
        query: {},
        expectSuccess: true,
      };
    case 'mapping':
    case 'field_caps':
      return {
        params: { index: validIndex(random, world) },
        query: routeKind(route) === 'field_caps' ? { fields: random.pick(['*', 'k,n', 'id']) } : {},
        expectSuccess: true,
      };
    case 'pit_open':
      // PITs open on OpenSearch indices only (virtual indices join into them): a documented 400.
      return {
        params: { index: world.normal },
        query: { keep_alive: random.pick(['30s', '1m']) },
        expectSuccess: true,
      };
    case 'pit_close':
      // A PIT id that was never issued: OpenSearch answers 404, a 4xx in its format.
      return {
        params: {},
        query: {},
        body: { id: random.pick(['bm90LWEtcGl0', 'fuzz-not-a-pit']) },
        expectSuccess: false,
      };
    case 'datasource_put':
      return {
        params: { id: freshId(random, world) },
        query: {},
        body: datasourceBody(random, world),
        expectSuccess: true,
      };
    case 'datasource_read':
      return { params: { id: world.datasources[dsKind]! }, query: {}, expectSuccess: true };
    case 'datasource_delete':
      return { params: { id: freshId(random, world) }, query: {}, expectSuccess: false };
    case 'datasource_list':
    case 'virtual_list':
      return { params: {}, query: {}, expectSuccess: true };
    case 'datasource_validate':
      return { params: { id: world.datasources[dsKind]! }, query: {}, expectSuccess: true };
    case 'datasource_metadata':
      return {
        params: { id: world.datasources[dsKind]! },
        query: random.chance(0.6) ? { resource: world.tables[dsKind]! } : {},
        expectSuccess: true,
      };
    case 'virtual_put':
      return {
        params: { id: freshId(random, world) },
        query: {},
        body: {
          datasource: world.datasources[dsKind]!,
          resource: world.tables[dsKind]!,
          key: pool.key,
        },
        expectSuccess: true,
      };
    case 'virtual_read':
      return { params: { id: world.virtual[dsKind]! }, query: {}, expectSuccess: true };
    case 'virtual_delete':
      return { params: { id: freshId(random, world) }, query: {}, expectSuccess: false };
    case 'graph':
      return graphRequest(random, world);
    default: {
      const params = Object.fromEntries(
        route.params.map((name) => [
          name,
          name === 'index' ? validIndex(random, world) : freshId(random, world),
        ])
      );
      return {
        params,
        query: {},
        body: route.method === 'get' ? undefined : {},
        expectSuccess: false,
      };
    }
  }
}
