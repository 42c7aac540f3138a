/**
 * Fuzz cases: each is a pure function of (seed, category, index), so a failing case is replayed
 * alone with `FUZZ_SEED=<seed> FUZZ_ONLY=<category>:<index>`. A case is one registered route
 * with a request derived from a valid one by the category's kind of damage.
 */
import { Prng } from '../differential/prng';
import {
  DURATIONS,
  HOSTILE_INDEX_EXPRESSIONS,
  hostileNames,
  hostileStrings,
  RAW_SEGMENTS,
  wrongTypeValue,
} from './hostile_inputs';
import { damageGraph, namesSystemIndex } from './graph_mutations';
import type { GraphBody } from './graph_requests';
import { mutateText, mutateTree, short, type MutationKind } from './json_mutation';
import { routeName, type RouteSpec } from './route_catalog';
import {
  routeKind,
  targets,
  validRequest,
  type FuzzWorld,
  type Ndjson,
  type RequestPlan,
} from './valid_requests';

export const CATEGORIES = {
  valid: 0.1,
  malformed_json: 0.1,
  wrong_types: 0.12,
  unknown_fields: 0.08,
  hostile_strings: 0.18,
  grammar_mutation: 0.14,
  path_segments: 0.12,
  query_params: 0.08,
  huge_bodies: 0.03,
  deep_bodies: 0.05,
} as const;

export type Category = keyof typeof CATEGORIES;

export interface FuzzCase {
  category: Category;
  index: number;
  route: RouteSpec;
  method: string;
  /** Path and query string as sent. */
  path: string;
  body?: string;
  contentType?: string;
  /** What was done to the valid request. */
  note: string;
  /** A valid request: only a 2xx will do. */
  expectSuccess: boolean;
  /** Why only a 4xx will do (a graph model naming our system indices), if it must. */
  mustRefuse?: string;
  /** Path parameters as given (decoded), for the runner's clean-up. */
  params: Record<string, string>;
}

const BODY_KINDS = new Set([
  'search',
  'msearch',
  'mget',
  'field_caps',
  'pit_close',
  'datasource_put',
  'virtual_put',
  'graph',
  'other',
]);

export interface GeneratorOptions {
  seed: number;
  routes: RouteSpec[];
  world: FuzzWorld;
  maxRequestBytes: number;
}

/** The case's own PRNG: one stream per (seed, category, index), independent of other cases. */
function caseRandom(seed: number, category: Category, index: number): Prng {
  let h = seed ^ 0x9e3779b9;
  for (const ch of `${category}:${index}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return new Prng(h >>> 0);
}

export function generateCase(
  options: GeneratorOptions,
  category: Category,
  index: number
): FuzzCase {
  const random = caseRandom(options.seed, category, index);
  // Size and depth are judged where a body is read: routes without one would only ignore it.
  const bodyRoutes = options.routes.filter((r) => BODY_KINDS.has(routeKind(r)));
  const route = random.pick(
    category === 'huge_bodies' || category === 'deep_bodies' ? bodyRoutes : options.routes
  );
  const plan = validRequest(route, random, options.world);
  const damaged = damage(random, category, route, plan, options);
  const query = new URLSearchParams(damaged.plan.query).toString();
  const rawQuery = [query, damaged.rawQuery].filter((q) => q !== undefined && q !== '').join('&');
  return {
    category,
    index,
    route,
    method: route.method.toUpperCase(),
    path:
      buildPath(route, damaged.plan.params, damaged.rawParams) + (rawQuery ? `?${rawQuery}` : ''),
    body: damaged.body,
    contentType:
      damaged.plan.body !== undefined && isNdjson(damaged.plan.body)
        ? 'application/x-ndjson'
        : undefined,
    note: damaged.note,
    expectSuccess: category === 'valid' && plan.expectSuccess,
    ...(routeKind(route) === 'graph' && namesSystemIndex(damaged.body)
      ? { mustRefuse: 'the graph model names one of our system indices' }
      : {}),
    params: damaged.plan.params,
  };
}

interface Damaged {
  plan: RequestPlan;
  body?: string;
  note: string;
  /** Parameters sent without percent-encoding. */
  rawParams?: Record<string, string>;
  rawQuery?: string;
}

function isNdjson(body: unknown): body is Ndjson {
  return typeof body === 'object' && body !== null && Array.isArray((body as Ndjson).ndjson);
}

export function serialize(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  if (isNdjson(body)) return body.ndjson.map((line) => JSON.stringify(line)).join('\n') + '\n';
  return JSON.stringify(body);
}

function buildPath(
  route: RouteSpec,
  params: Record<string, string>,
  raw: Record<string, string> = {}
): string {
  return route.path.replace(/\{(\w+)\*?\}/g, (_m, name: string) =>
    raw[name] !== undefined ? raw[name] : encodeSegment(params[name] ?? '')
  );
}

/** Percent-encodes every byte; a lone surrogate goes out as its UTF-8 replacement, as fetch would. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')]
      .map((b) => `%${b.toString(16).padStart(2, '0')}`)
      .join('');
  }
}

/** Applies a tree mutation to the body; NDJSON bodies mutate one of their lines. */
function mutateBody(random: Prng, plan: RequestPlan, kind: MutationKind): Damaged | null {
  if (plan.body === undefined) return null;
  if (isNdjson(plan.body)) {
    const lines = [...plan.body.ndjson];
    const at = random.int(0, lines.length - 1);
    const { body, note } = mutateTree(random, lines[at], kind);
    lines[at] = body;
    const next = { ...plan, body: { ndjson: lines } };
    return { plan: next, body: serialize(next.body), note: `line ${at + 1}: ${note}` };
  }
  const { body, note } = mutateTree(random, plan.body, kind);
  const next = { ...plan, body };
  return { plan: next, body: serialize(body), note };
}

const SEARCH_PARAMS = [
  'q',
  'size',
  'from',
  'sort',
  'timeout',
  'keep_alive',
  'scroll',
  '_source',
  '_source_includes',
  '_source_excludes',
  'stored_fields',
  'docvalue_fields',
  'rest_total_hits_as_int',
  'track_total_hits',
  'error_trace',
  'filter_path',
  'search_type',
  'preference',
  'routing',
  'allow_no_indices',
  'ignore_unavailable',
  'expand_wildcards',
  'pretty',
  'human',
  'df',
  'default_operator',
  'analyzer',
  'lenient',
  'explain',
  'version',
  'seq_no_primary_term',
  'request_cache',
  'batched_reduce_size',
  'max_concurrent_shard_requests',
  'terminate_after',
  'typed_keys',
  'fields',
  'resource',
  'schema',
  'catalog',
  'realtime',
  'refresh',
  '__proto__',
  'constructor',
  'unknown_param',
];

function hostileParamValue(random: Prng): string {
  switch (random.int(0, 4)) {
    case 0:
      return random.pick(DURATIONS);
    case 1:
      return String(random.pick([-1, 0, 1, 10_001, 2 ** 31, 2 ** 63, 1e308, 1.5]));
    case 2:
      return random.pick(['true', 'false', '', 'yes', 'TRUE', '1', 'null']);
    default:
      return random.pick(hostileStrings()).slice(0, 2_000);
  }
}

function pathNames(): string[] {
  // Long names stay short enough for the URL: the header limit is not what is being tested.
  return [...HOSTILE_INDEX_EXPRESSIONS, ...hostileNames()].filter((n) => n.length <= 1_000);
}

/** Puts a hostile value in one path parameter; false when the route has none. */
function hostilePathParam(
  random: Prng,
  route: RouteSpec,
  plan: RequestPlan,
  damaged: Damaged,
  world: FuzzWorld
): boolean {
  if (route.params.length === 0) return false;
  const name = random.pick(route.params);
  if (random.chance(0.3)) {
    const raw = random.pick(RAW_SEGMENTS);
    damaged.rawParams = { [name]: raw };
    damaged.note = `path {${name}} raw ${JSON.stringify(raw)}`;
    return true;
  }
  // A real target with something after it (`<vi> `, `<vi>,`, `<vi>,<vi>`). Never on PUT and
  // DELETE: a host that wrongly trimmed the suffix would overwrite or delete the fixture.
  const nearTarget = route.method !== 'put' && route.method !== 'delete' && random.chance(0.25);
  const value = nearTarget
    ? random.pick(targets(world)) +
      random.pick([
        ' ',
        ',',
        ',,',
        '*',
        '%',
        '/',
        '\u0000',
        `,${random.pick(targets(world))}`,
        ',-*',
      ])
    : random.pick(pathNames());
  damaged.plan = { ...plan, params: { ...plan.params, [name]: value } };
  damaged.note = `path {${name}} = ${short(value)}`;
  return true;
}

function damage(
  random: Prng,
  category: Category,
  route: RouteSpec,
  plan: RequestPlan,
  options: GeneratorOptions
): Damaged {
  const untouched: Damaged = { plan, body: serialize(plan.body), note: 'valid request' };
  if (category !== 'valid' && category !== 'malformed_json' && category !== 'path_segments') {
    if (routeKind(route) === 'graph') {
      // GQL- and model-aware damage; otherwise the generic kinds below, on the JSON tree.
      const graph = damageGraph(
        random,
        category,
        plan.body as GraphBody,
        options.world,
        options.maxRequestBytes
      );
      if (graph !== null)
        return {
          plan: { ...plan, query: graph.query ?? plan.query },
          body: graph.body,
          note: graph.note,
          rawQuery: graph.rawQuery,
        };
    }
  }
  switch (category) {
    case 'valid':
      return untouched;
    case 'malformed_json': {
      if (isNdjson(plan.body)) {
        const lines = plan.body.ndjson.map((line) => JSON.stringify(line));
        const at = random.int(0, lines.length - 1);
        const broken = mutateText(random, lines[at]);
        lines[at] = broken.text;
        return { plan, body: lines.join('\n') + '\n', note: `line ${at + 1}: ${broken.note}` };
      }
      const broken = mutateText(random, serialize(plan.body) ?? '{"query":{"match_all":{}}}');
      return { plan, body: broken.text, note: broken.note };
    }
    case 'wrong_types':
    case 'unknown_fields':
    case 'hostile_strings':
    case 'grammar_mutation': {
      const kind: MutationKind =
        category === 'wrong_types'
          ? 'wrong_type'
          : category === 'unknown_fields'
            ? random.pick(['unknown_field', 'proto_key'] as const)
            : category === 'hostile_strings'
              ? random.pick(['hostile_string', 'hostile_string', 'rename_key'] as const)
              : random.pick([
                  'drop_node',
                  'duplicate',
                  'nest',
                  'rename_key',
                  'proto_key',
                  'wrong_type',
                  'hostile_string',
                ] as const);
      const mutated = mutateBody(random, plan, kind);
      if (mutated !== null && random.chance(0.85)) return mutated;
      // No body to mutate (or, sometimes, on purpose): damage a path or URL parameter instead.
      const damaged: Damaged = { ...untouched };
      if (
        category === 'hostile_strings' &&
        hostilePathParam(random, route, plan, damaged, options.world)
      )
        return damaged;
      const param = random.pick(SEARCH_PARAMS);
      const value =
        category === 'wrong_types'
          ? String(JSON.stringify(wrongTypeValue(random)))
          : hostileParamValue(random);
      damaged.plan = { ...plan, query: { ...plan.query, [param]: value } };
      damaged.note = `?${param}=${short(value)}`;
      return damaged;
    }
    case 'path_segments': {
      const damaged: Damaged = { ...untouched };
      if (hostilePathParam(random, route, plan, damaged, options.world)) return damaged;
      damaged.rawQuery = random.pick([
        '%zz=1',
        'a=%',
        '=1',
        '&&',
        'size=1&size=2',
        '%00=%00',
        'q=%E0%A4%A',
      ]);
      damaged.note = `raw query ${damaged.rawQuery}`;
      return damaged;
    }
    case 'query_params': {
      const query = { ...plan.query };
      const notes: string[] = [];
      for (let i = random.int(1, 3); i > 0; i--) {
        const name = random.pick(SEARCH_PARAMS);
        query[name] = hostileParamValue(random);
        notes.push(`${name}=${short(query[name])}`);
      }
      return { plan: { ...plan, query }, body: serialize(plan.body), note: `?${notes.join('&')}` };
    }
    case 'huge_bodies':
      return hugeBody(random, route, plan, options);
    case 'deep_bodies':
      return deepBody(random, route, plan, options);
  }
}

/** A body of exactly `target` bytes: valid JSON whose largest part is a list of terms. */
function hugeBody(
  random: Prng,
  route: RouteSpec,
  plan: RequestPlan,
  options: GeneratorOptions
): Damaged {
  const max = options.maxRequestBytes;
  const target = random.pick([
    max - random.int(1, 2_000),
    max,
    max + 1,
    max + random.int(2, 50_000),
    max * 2,
    Math.floor(max / 2),
  ]);
  const kind = routeKind(route);
  const numeric = random.chance(0.5);
  let prefix: string;
  let suffix: string;
  if (kind === 'search' || kind === 'msearch') {
    const field = numeric ? 'n' : 'k';
    prefix = `{"query":{"terms":{"${field}":[`;
    suffix = ']}},"size":1}';
  } else if (kind === 'mget') {
    prefix = '{"ids":[';
    suffix = ']}';
  } else {
    prefix = '{"pad":[';
    suffix = ']}';
  }
  const items: string[] = [];
  let length = prefix.length + suffix.length;
  let i = 0;
  while (length < target - 12) {
    const item = numeric ? String(i) : `"v${i}"`;
    items.push(item);
    length += item.length + (items.length > 1 ? 1 : 0);
    i++;
  }
  let body = prefix + items.join(',') + suffix;
  if (body.length < target) {
    const filler = ' '.repeat(target - body.length);
    body = prefix + items.join(',') + filler + suffix;
  }
  if (kind === 'msearch') {
    const header = JSON.stringify(
      plan.params.index === undefined ? { index: targets(options.world)[0] } : {}
    );
    body = `${header}\n${body}\n`;
  }
  return {
    plan: { ...plan, body: kind === 'msearch' ? { ndjson: [] } : plan.body },
    body,
    note: `huge body: ${body.length} bytes (limit ${max}), ${items.length} ${numeric ? 'numbers' : 'strings'}`,
  };
}

/** Nesting from 1,000 to 100,000 levels, kept under the size limit so the parser sees it. */
function deepBody(
  random: Prng,
  route: RouteSpec,
  plan: RequestPlan,
  options: GeneratorOptions
): Damaged {
  const wanted = Math.round(Math.exp(random.next() * Math.log(100)) * 1_000);
  const vi = random.pick(targets(options.world));
  const shapes: Array<[string, string, string, string]> = [
    ['{"query":', '{"bool":{"must":[', '{"match_all":{}}', ']}}'],
    ['{"query":', '{"bool":{"must_not":', '{"term":{"k":"x"}}', '}}'],
    ['{"query":{"terms":{"n":', '[', '1', ']'],
    ['{"size":0,"x":', '{"a":', '1', '}'],
    ['{"size":0,"aggs":', '{"a":{"terms":{"field":"k"},"aggs":', '{}', '}}'],
    [
      '{"query":',
      `{"join":{"indices":["${vi}"],"on":["id","id"],"request":{"query":`,
      '{"match_all":{}}',
      '}}}',
    ],
    ['{"query":', '{"constant_score":{"filter":', '{"match_all":{}}', '}}'],
    ['', '[', '1', ']'],
  ];
  const [head, open, leaf, close] = random.pick(shapes);
  const tail =
    head === ''
      ? ''
      : '}'.repeat((head.match(/\{/g) ?? []).length - (head.match(/\}/g) ?? []).length);
  const room = Math.floor(
    (options.maxRequestBytes - head.length - leaf.length - tail.length - 16) /
      (open.length + close.length)
  );
  const depth = Math.max(1, Math.min(wanted, room));
  let body = head + open.repeat(depth) + leaf + close.repeat(depth) + tail;
  if (routeKind(route) === 'msearch') {
    const header = JSON.stringify(plan.params.index === undefined ? { index: vi } : {});
    body = `${header}\n${body.replace(/\n/g, ' ')}\n`;
  }
  return {
    plan: { ...plan, body: routeKind(route) === 'msearch' ? { ndjson: [] } : plan.body },
    body,
    note: `nested ${depth} deep: ${head}${open}...${leaf}...${close}${tail}`,
  };
}

/** The case as a reader replays it by hand. */
export function describeCase(c: FuzzCase, seed: number): string {
  const body =
    c.body === undefined
      ? '(no body)'
      : c.body.length > 2_000
        ? `${JSON.stringify(c.body.slice(0, 400))}... (${c.body.length} bytes; regenerate with FUZZ_ONLY)`
        : JSON.stringify(c.body);
  return [
    `case ${c.category}:${c.index} (seed ${seed}) on ${routeName(c.route)} — ${c.note}`,
    `  ${c.method} ${c.path}`,
    `  body: ${body}`,
    `  replay: FUZZ_SEED=${seed} FUZZ_ONLY=${c.category}:${c.index}${process.env.FUZZ_ROUTES ? ` FUZZ_ROUTES=${JSON.stringify(process.env.FUZZ_ROUTES)}` : ''} npx vitest run --project integration test/fuzz/`,
  ].join('\n');
}
