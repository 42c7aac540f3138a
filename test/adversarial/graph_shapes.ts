/**
 * The expensive graph shapes of issue 20, with seeded sizes and parameters. The first request of
 * each shape is the issue's own example, so every run sends it; the rest vary around it.
 */
import { parseSettings } from '../../server/engine/settings';
import type { Prng } from '../differential/prng';
import type { AdversarialRequest } from './adversarial_request';
import { GRAPH_LABEL, type AdversarialWorld } from './adversarial_fixture';
import { PEOPLE_ROWS } from './suite_tables';
import { SAVED_QUERIES } from '../support/api_paths';

/** An entity over the 2,000 people and its dense relation (about 166 people a company). */
const ENTITIES = [
  { label: 'Person', relation: 'SAME' },
  { label: 'OsPerson', relation: 'OS_SAME' },
] as const;

/** maxGraphHops' default: the largest upper bound a quantifier may have. */
const MAX_HOPS = 5;

function graphRequest(
  shape: AdversarialRequest['shape'],
  world: AdversarialWorld,
  query: string
): AdversarialRequest {
  return {
    shape,
    label: query,
    method: 'POST',
    path: '/svc/_graph',
    body: JSON.stringify({ model: world.model, query }),
  };
}

/** `(a)-[:SAME]->{m,n}(b)` over a relation where every person reaches ~166 others. */
export function denseQuantifiedEdges(
  rng: Prng,
  world: AdversarialWorld,
  count: number
): AdversarialRequest[] {
  const queries = [
    `SELECT COUNT(*) FROM "${GRAPH_LABEL}" MATCH (a:Person)-[:SAME]->{1,4}(b:Person) WHERE a.id = 1`,
  ];
  while (queries.length < count) {
    const { label, relation } = rng.pick(ENTITIES);
    const min = rng.int(1, 2);
    const max = rng.int(Math.max(min, 3), MAX_HOPS);
    const edge = rng.pick([
      `-[:${relation}]->{${min},${max}}`,
      `-[:${relation}]-{${min},${max}}`,
      `<-[:${relation}]-{${min},${max}}`,
    ]);
    const where = rng.chance(0.6) ? ` WHERE a.id = ${rng.int(1, PEOPLE_ROWS)}` : '';
    const items = rng.pick(['COUNT(*)', 'a.id, b.id', 'DISTINCT b.id']);
    queries.push(
      `SELECT ${items} FROM "${GRAPH_LABEL}" MATCH (a:${label})${edge}(b:${label})${where}`
    );
  }
  return queries.map((query) => graphRequest('dense_quantified_edges', world, query));
}

/** Three (or four) unconnected patterns: 2,000^3 bindings and more. */
export function crossProducts(
  rng: Prng,
  world: AdversarialWorld,
  count: number
): AdversarialRequest[] {
  const queries = [
    `SELECT a.id, b.id, c.id FROM "${GRAPH_LABEL}" MATCH (a:Person),(b:Person),(c:Person) LIMIT 1 OFFSET 1000000000`,
  ];
  while (queries.length < count) {
    const { label } = rng.pick(ENTITIES);
    const variables = rng.chance(0.8) ? ['a', 'b', 'c'] : ['a', 'b', 'c', 'd'];
    const match = variables.map((v) => `(${v}:${label})`).join(',');
    const tail = rng.pick([
      { items: 'COUNT(*)', rest: '' },
      { items: 'DISTINCT a, b, c', rest: '' },
      { items: 'DISTINCT a.id, b.id, c.id', rest: '' },
      // Aggregates with other items: implicit grouping, 2,000 x 2,000 groups.
      { items: 'a.id, b.id, COUNT(*)', rest: '' },
      { items: 'a.company_id, COUNT(DISTINCT b.id), SUM(c.id)', rest: '' },
      {
        items: 'a.id, b.id, c.id',
        rest: ` ORDER BY a.id DESC, b.id, c.id LIMIT ${rng.int(1, 100)}`,
      },
      {
        items: 'a.id, b.id, c.id',
        rest: ` LIMIT ${rng.int(1, 10)} OFFSET ${rng.pick([1_000_000, 1_000_000_000, 2 ** 53 - 1])}`,
      },
    ]);
    queries.push(`SELECT ${tail.items} FROM "${GRAPH_LABEL}" MATCH ${match}${tail.rest}`);
  }
  return queries.map((query) => graphRequest('cross_products', world, query));
}

/**
 * A model of tens of thousands of entities over the people index (~1 MB of JSON) with thousands
 * of relations between them.
 */
export function hugeModel(rng: Prng, world: AdversarialWorld): Record<string, unknown> {
  const entities = rng.int(12_000, 20_000);
  const relations = rng.int(1_000, 5_000);
  return {
    label: 'huge',
    entities: Array.from({ length: entities }, (_, i) => ({
      label: `E${i}`,
      indices: [world.osPeople],
      id: 'id',
    })),
    relations: Array.from({ length: relations }, (_, i) => ({
      label: `R${i}`,
      from: { entity: `E${i % entities}`, field: 'company_id' },
      to: { entity: `E${(i * 7 + 1) % entities}`, field: 'company_id' },
    })),
  };
}

const HUGE_MODEL_QUERY = 'SELECT COUNT(*) FROM "huge" MATCH (a:E0)-[:R0]->(b:E1)';

/** Huge models sent with a query, and saved as saved queries. */
export function hugeModels(
  rng: Prng,
  world: AdversarialWorld,
  count: number,
  savedQueryId: (n: number) => string
): AdversarialRequest[] {
  return Array.from({ length: count }, (_, n) => {
    const model = hugeModel(rng, world);
    const size = `${(model.entities as unknown[]).length} entities, ${(model.relations as unknown[]).length} relations`;
    if (n % 2 === 0) {
      return {
        shape: 'huge_models' as const,
        label: `POST /svc/_graph with ${size}`,
        method: 'POST',
        path: '/svc/_graph',
        body: JSON.stringify({ model, query: HUGE_MODEL_QUERY }),
      };
    }
    const id = savedQueryId(n);
    return {
      shape: 'huge_models' as const,
      label: `PUT /_svc/graph/query/${id} with ${size}`,
      method: 'PUT',
      path: `${SAVED_QUERIES}/${id}`,
      body: JSON.stringify({ title: `adversarial ${id}`, query: HUGE_MODEL_QUERY, model }),
    };
  });
}

/**
 * The biggest model a saved query may hold: as many entities and relations as the settings'
 * defaults allow, within their byte bound (the host under attack keeps the defaults).
 */
export function biggestAllowedModel(world: AdversarialWorld): Record<string, unknown> {
  const { maxGraphModelEntities, maxGraphModelRelations, maxGraphModelBytes } = parseSettings({});
  const entities = Array.from({ length: maxGraphModelEntities }, (_, i) => ({
    label: `E${i}`,
    indices: [world.osPeople],
    id: 'id',
  }));
  const relation = (i: number) => ({
    label: `R${i}`,
    from: { entity: `E${i % maxGraphModelEntities}`, field: 'company_id' },
    to: { entity: `E${(i * 7 + 1) % maxGraphModelEntities}`, field: 'company_id' },
  });
  const model = { label: 'huge', entities, relations: [] as unknown[] };
  // Relations until the next would pass the byte bound (less a margin for the separators).
  let bytes = Buffer.byteLength(JSON.stringify(model));
  while (model.relations.length < maxGraphModelRelations) {
    const next = relation(model.relations.length);
    bytes += Buffer.byteLength(JSON.stringify(next)) + 1;
    if (bytes > maxGraphModelBytes - 1_024) break;
    model.relations.push(next);
  }
  return model;
}

/** Saved queries holding the biggest model allowed, to list. */
export function bigSavedQueries(
  world: AdversarialWorld,
  count: number
): Array<{ id: string; body: Record<string, unknown> }> {
  const model = biggestAllowedModel(world);
  return Array.from({ length: count }, (_, n) => ({
    id: `${world.runPrefix}-listed-${n}`,
    body: {
      title: `adversarial big saved query ${n}`,
      description: 'the biggest model a saved query may hold',
      query: HUGE_MODEL_QUERY,
      model,
    },
  }));
}

/**
 * A list holds id, title, description and dates: whatever the saved models weigh, one page of
 * twenty stays far below this (titles and descriptions are bounded: 256 + 4,096 characters),
 * while twenty of the biggest models allowed are about 5 MB.
 */
export const LIST_ANSWER_BYTES = 1024 * 1024;

export function savedQueryLists(count: number): AdversarialRequest[] {
  return Array.from({ length: count }, () => ({
    shape: 'saved_query_lists' as const,
    label: 'GET /_svc/graph/query/_search?size=20',
    method: 'GET',
    path: '/_svc/graph/query/_search?size=20',
    maxAnswerBytes: LIST_ANSWER_BYTES,
  }));
}
