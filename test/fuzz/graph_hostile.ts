/**
 * Hostile values in a graph request that keep its shape: hostile strings inside the query's
 * quotes and names (escaped, so it still parses and the values reach the backends), labels
 * renamed in the model and the query alike, system, unknown and odd indices, hostile relation
 * fields, missing, extra and mistyped model keys, and odd URL parameters.
 */
import type { Prng } from '../differential/prng';
import { backquote, doubleQuoted, nameText, tokenize, tokenName, type GqlToken } from './gql_text';
import {
  firstVariable,
  serialize,
  withNodeQuery,
  withoutTail,
  withQuery,
  type GraphDamage,
} from './gql_edit';
import type { GraphBody } from './graph_requests';
import {
  HOSTILE_INDEX_EXPRESSIONS,
  hostileNames,
  hostileStrings,
  PROTOTYPE_KEYS,
  wrongTypeValue,
} from './hostile_inputs';
import { setOwn, short } from './json_mutation';
import type { FuzzWorld } from './valid_requests';

/**
 * Our system indices by name and by pattern: a model naming one is refused (a 4xx), and a
 * pattern matches none of them; either way, not one of their documents may come back.
 */
export const SYSTEM_INDEX_NAMES = [
  '.federation-datasources',
  '.federation-virtual-indices',
  '.federation-pits',
  '.federation-*',
  '.FEDERATION-datasources',
  '.federation-datasources,.federation-pits',
];

/**
 * Index names for a model that OpenSearch refuses, treats specially or that match nothing. Broad
 * wildcards (`*`, `_all`) are left out: they would make a node read every test's documents.
 */
function hostileIndices(world: FuzzWorld): string[] {
  const broad = new Set(['*', '_all', '*:*', 'test-*', '*,-*']);
  return [
    ...HOSTILE_INDEX_EXPRESSIONS.filter((name) => !broad.has(name)),
    `${world.normal}*`,
    `${world.normal},${Object.values(world.virtual)[0] ?? world.normal}`,
    Object.values(world.virtual).join(','),
    `${world.normal},.federation-*`,
    `${world.normal.toUpperCase()}`,
    `-${world.normal}`,
  ];
}

// ---- hostile strings inside a well-formed query -------------------------------------------

export function hostileQuery(random: Prng, body: GraphBody): GraphDamage {
  const tokens = tokenize(body.query);
  const hostile = random.pick(hostileStrings());
  const join = () => tokens.map((t) => t.text).join('');
  const indicesOf = (test: (t: GqlToken, i: number) => boolean) =>
    tokens.map((t, i) => i).filter((i) => test(tokens[i], i));
  const previous = (i: number) => {
    for (let j = i - 1; j >= 0; j--) if (tokens[j].kind !== 'space') return tokens[j];
    return undefined;
  };
  switch (random.int(0, 8)) {
    case 0:
    case 1: {
      // A string literal's value: escaped, so the query still parses and the value travels on.
      const strings = indicesOf((t) => t.kind === 'string');
      const value = `'${hostile.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
      if (strings.length === 0)
        return withQuery(
          body,
          `${withoutTail(body.query)} WHERE ${firstVariable(body.query)}.k = ${value}`,
          `query: WHERE k = ${short(hostile)}`
        );
      tokens[random.pick(strings)] = { kind: 'string', text: value };
      return withQuery(body, join(), `query: string literal := ${short(hostile)}`);
    }
    case 2: {
      // Unescaped: the value may end the string early and go on as GQL.
      const strings = indicesOf((t) => t.kind === 'string');
      if (strings.length === 0)
        return withQuery(
          body,
          `${body.query} '${hostile}'`,
          `query: raw '${short(hostile)}' appended`
        );
      tokens[random.pick(strings)] = { kind: 'string', text: `'${hostile}'` };
      return withQuery(body, join(), `query: raw string literal '${short(hostile)}'`);
    }
    case 3: {
      // A node's query string (OpenSearch query_string syntax), escaped for GQL.
      const quoted = indicesOf(
        (t, i) => t.kind === 'quoted' && previous(i)?.text.toUpperCase() === 'WHERE'
      );
      if (quoted.length === 0)
        return withQuery(
          body,
          withNodeQuery(body.query, doubleQuoted(hostile)),
          `query: node query string := ${short(hostile)}`
        );
      tokens[random.pick(quoted)] = { kind: 'quoted', text: doubleQuoted(hostile) };
      return withQuery(body, join(), `query: node query string := ${short(hostile)}`);
    }
    case 4: {
      // A property name: it becomes a field to fetch, filter and sort on, in SQL and OpenSearch.
      const properties = indicesOf((t, i) => tokenName(t) !== null && previous(i)?.text === '.');
      const name = random.pick([...hostileNames(), hostile]);
      if (properties.length === 0)
        return withQuery(
          body,
          body.query.replace(
            /\bSELECT\b/i,
            `SELECT ${firstVariable(body.query)}.${backquote(name)},`
          ),
          `query: property ${short(name)} selected`
        );
      tokens[random.pick(properties)] = { kind: 'name', text: backquote(name) };
      return withQuery(body, join(), `query: property := ${short(name)}`);
    }
    case 5:
      return renameLabel(random, body, tokens, 'entity');
    case 6:
      return renameLabel(random, body, tokens, 'relation');
    case 7: {
      // The graph name, in the model and in FROM alike.
      const name = random.pick([...hostileNames(), hostile]).slice(0, 5_000);
      const from = indicesOf(
        (t, i) => t.kind === 'quoted' && previous(i)?.text.toUpperCase() === 'FROM'
      );
      if (from.length === 0 || name === '')
        return withQuery(body, body.query, 'unchanged (no FROM)');
      body.model.label = name;
      tokens[from[0]] = { kind: 'quoted', text: doubleQuoted(name) };
      return withQuery(body, join(), `graph name := ${short(name)}`);
    }
    default: {
      // A literal of the wrong type for its field: the backends must not fail on the mismatch.
      const v = firstVariable(body.query);
      const field = random.pick(['id', 'k', 'k2', 'n', 'd', 'b', 't', '_id', '_index']);
      const literal = random.pick([
        "'abc'",
        "''",
        '5',
        '-1.5e300',
        'true',
        'null',
        "'2024-13-45'",
        "'now-1d'",
        "'1e309'",
        "'9223372036854775808'",
        '99999999999999999999',
      ]);
      const op = random.pick(['=', '<>', '<', '>=', 'IN', 'STARTS WITH']);
      const condition =
        op === 'IN'
          ? `${v}.${field} IN [${literal}, 1, 'x', true, null]`
          : `${v}.${field} ${op} ${literal}`;
      return withQuery(
        body,
        `${withoutTail(body.query)} WHERE ${condition}`,
        `query: WHERE ${condition}`
      );
    }
  }
}

/** Renames an entity or relation label to a hostile name in the model and the query alike. */
function renameLabel(
  random: Prng,
  body: GraphBody,
  tokens: GqlToken[],
  kind: 'entity' | 'relation'
): GraphDamage {
  const model = body.model;
  const labels =
    kind === 'entity' ? model.entities.map((e) => e.label) : model.relations.map((r) => r.label);
  const old = random.pick(labels);
  const name = random.pick(hostileNames().filter((n) => n !== '' && !labels.includes(n)));
  if (kind === 'entity') {
    for (const entity of model.entities) if (entity.label === old) entity.label = name;
    for (const relation of model.relations)
      for (const end of [relation.from, relation.to]) if (end.entity === old) end.entity = name;
  } else {
    for (const relation of model.relations) if (relation.label === old) relation.label = name;
  }
  // Labels follow a colon; other names (variables, properties) keep theirs.
  for (let i = 1; i < tokens.length; i++) {
    if (tokenName(tokens[i]) === old && tokens[i - 1].text === ':')
      tokens[i] = { kind: 'name', text: backquote(name) };
  }
  return withQuery(
    body,
    tokens.map((t) => t.text).join(''),
    `${kind} label ${JSON.stringify(old)} := ${short(name)}`
  );
}

// ---- the model -----------------------------------------------------------------------------

export function hostileModel(random: Prng, body: GraphBody, world: FuzzWorld): GraphDamage {
  const model = body.model;
  const entity = random.pick(model.entities);
  switch (random.int(0, 6)) {
    case 0:
    case 1: {
      // Read a system index: the entity's own index, or one more index on it.
      const system = random.pick(SYSTEM_INDEX_NAMES);
      if (random.chance(0.5)) entity.indices = [system];
      else entity.indices.push(system);
      if (random.chance(0.5)) {
        // And ask for everything it holds.
        const v = 's';
        body.query = `SELECT ${v}, ${v}._index, ${v}._source, ${v}.password_secret FROM ${doubleQuoted(model.label)} MATCH (${v}:${nameText(entity.label)})`;
      }
      return {
        body: serialize(body),
        note: `entity ${short(entity.label)} indices := ${JSON.stringify(entity.indices)}`,
      };
    }
    case 2: {
      const index = random.pick(hostileIndices(world));
      if (random.chance(0.6)) entity.indices = [index];
      else entity.indices.push(index);
      return {
        body: serialize(body),
        note: `entity ${short(entity.label)} indices := ${short(entity.indices)}`,
      };
    }
    case 3: {
      // A relation field that is no field, or a name meant to break out of quoting.
      if (model.relations.length === 0) return hostileModel(random, body, world);
      const relation = random.pick(model.relations);
      const side = random.pick(['from', 'to'] as const);
      const field = random.pick([...hostileNames(), random.pick(hostileStrings())]);
      relation[side].field = field;
      return {
        body: serialize(body),
        note: `relation ${short(relation.label)}.${side}.field := ${short(field)}`,
      };
    }
    case 4: {
      const id = random.pick([...hostileNames(), 'k', 'd', 't', 'b']);
      entity.id = id;
      return { body: serialize(body), note: `entity ${short(entity.label)} id := ${short(id)}` };
    }
    case 5: {
      // Labels changed in the model only: the query then names what the model lacks.
      const name = random.pick(hostileNames());
      if (random.chance(0.5)) entity.label = name;
      else model.label = name;
      return {
        body: serialize(body),
        note: `model label changed to ${short(name)} (not in the query)`,
      };
    }
    default: {
      // Many entities or relations: every one is checked against the mappings.
      // (Each entity costs a mapping check, ~0.4 ms: 2,000 stay well inside graphTimeoutMs.)
      const count = random.pick([100, 1_000, 2_000]);
      if (random.chance(0.5)) {
        for (let i = 0; i < count; i++)
          model.entities.push({
            label: `E${i}`,
            indices: [random.pick([world.normal, ...Object.values(world.virtual)])],
          });
      } else {
        const ends = model.entities.map((e) => e.label);
        for (let i = 0; i < count; i++)
          model.relations.push({
            label: `r${i}`,
            from: { entity: random.pick(ends), field: 'n' },
            to: { entity: random.pick(ends), field: 'id' },
          });
      }
      return { body: serialize(body), note: `model with ${count} more entities or relations` };
    }
  }
}

/** Missing, extra and mistyped keys at the places the model's schema names. */
export function modelShape(
  random: Prng,
  body: GraphBody,
  category: 'wrong_types' | 'unknown_fields'
): GraphDamage {
  const raw = body as unknown as Record<string, unknown>;
  const model = body.model as unknown as Record<string, unknown>;
  const entities = body.model.entities as unknown as Array<Record<string, unknown>>;
  const relations = body.model.relations as unknown as Array<Record<string, unknown>>;
  const entity = random.pick(entities);
  const relation = relations.length > 0 ? random.pick(relations) : undefined;
  const targets: Array<[string, Record<string, unknown>, string[]]> = [
    ['body', raw, ['model', 'query']],
    ['model', model, ['label', 'entities', 'relations']],
    ['entity', entity, ['label', 'indices', 'id']],
    ...(relation
      ? ([
          ['relation', relation, ['label', 'from', 'to']],
          ['relation.from', relation.from as Record<string, unknown>, ['entity', 'field']],
        ] as Array<[string, Record<string, unknown>, string[]]>)
      : []),
  ];
  const [where, target, keys] = random.pick(targets);
  if (category === 'unknown_fields') {
    if (random.chance(0.4)) {
      const key = random.pick(keys);
      delete target[key];
      return { body: serialize(body), note: `${where}.${key} removed` };
    }
    const key = random.pick([
      ...PROTOTYPE_KEYS,
      ...hostileNames(),
      'index',
      'type',
      'properties',
      'size',
      'from',
    ]);
    setOwn(target, key, random.pick([{}, { polluted: true }, null, 1, 'x', []]));
    return { body: serialize(body), note: `${where}.${short(key)} added` };
  }
  const key = random.pick(keys);
  const value =
    key === 'indices' && random.chance(0.5)
      ? random.pick([[], [''], [null], [1], [[]], 'x', [{}], Array(3).fill(entity.indices)])
      : key === 'query' && random.chance(0.5)
        ? random.pick(['', ' ', ';', '\u0000', [body.query], { query: body.query }, 42])
        : wrongTypeValue(random);
  setOwn(target, key, value);
  return { body: serialize(body), note: `${where}.${key} := ${short(value)}` };
}

// ---- URL parameters ------------------------------------------------------------------------

/**
 * `preference` values OpenSearch treats specially. `_replica` is left out: on a cluster without
 * replicas OpenSearch itself answers it with a 503 (all shards failed), for searches too.
 */
const PREFERENCES = [
  '_shards:0',
  '_shards:99',
  '_shards:0|_local',
  '_shards:',
  '_only_nodes:nope',
  '_prefer_nodes:nope',
  '_primary',
  '_only_local',
  '_local',
  '',
  ' ',
  '_shards:-1',
  '_shards:a,b',
];

export function graphParams(random: Prng, body: GraphBody): GraphDamage {
  const query: Record<string, string> = {};
  const notes: string[] = [];
  for (let i = random.int(1, 3); i > 0; i--) {
    const name = random.pick([
      'detailed',
      'debug',
      'preference',
      'error_trace',
      'pretty',
      'filter_path',
      'explain',
      'timeout',
      'Detailed',
      'debug ',
      '',
    ]);
    const value =
      name === 'preference'
        ? random.pick([...PREFERENCES, random.pick(hostileStrings()).slice(0, 2_000)])
        : random.pick([
            'true',
            'false',
            '',
            'yes',
            'TRUE',
            '1',
            '0',
            'null',
            'true,false',
            random.pick(hostileStrings()).slice(0, 200),
          ]);
    query[name] = value;
    notes.push(`${name}=${short(value)}`);
  }
  // A parameter given twice arrives as a list.
  const rawQuery = random.chance(0.2)
    ? random.pick(['preference=a&preference=b', 'debug&debug', 'detailed=true&detailed=false'])
    : undefined;
  return {
    body: serialize(body),
    query,
    rawQuery,
    note: `?${notes.join('&')}${rawQuery ? `&${rawQuery}` : ''}`,
  };
}
