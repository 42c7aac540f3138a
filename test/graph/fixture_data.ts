/**
 * The data of the GQL scenario corpus (loaded by graph_fixture.ts): a small seeded social graph in OpenSearch indices
 * (`gqlfx_*`) plus one PostgreSQL table exposed as the virtual index `gqlfx_city`; the graph
 * model over them is test/support/graph_models.ts's CORPUS_MODEL. The raw documents are not kept here: the oracle reads them back through the
 * service (graph_data.ts), so expected values are exactly what the service shows.
 *
 * Shape of the data, chosen so every feature has something to bite on:
 * - Person lives on two indices (students, professors) with disjoint ids; Student and Professor
 *   each on one of them, so merged nodes `(x:Student) (y:Person)` have a non-empty intersection.
 * - Arrays (tags, friend_ids, member_ids, liker_ids), single values where arrays are usual, empty
 *   arrays, missing fields, explicit nulls, dangling references (ids that match nothing), and a
 *   few self references (a person who knows themself), so homomorphism matters.
 * - livesIn crosses backends on integer keys; worksAt joins on keyword keys; hasCreator and
 *   likedBy both go Post -> Person, so a bare arrow between them is ambiguous.
 */
import { seeded } from '../joins/join_fixture';
import { CORPUS_INDICES } from '../support/graph_models';

export const DATASOURCE = 'gqlfx_pg';
export const CITY_TABLE = 'gqlfx_city';

const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Barbara',
  'Claude',
  'Donald',
  'Edsger',
  'Frances',
  'Grace',
  'Hedy',
  'John',
  'Katherine',
  'Leslie',
  'Margaret',
  'Niklaus',
  'Radia',
  'Tim',
  'Åsa',
  'Émile',
  'Zoë',
  'ada',
];
const TAGS = ['chess', 'music', 'hiking', 'ai', 'graphs', 'sql', 'art'];
const COMPANIES = ['ACME', 'GLOBEX', 'INITECH', 'UMBRELLA', 'HOOLI', 'STARK', 'WAYNE', 'TYRELL'];
const STREETS = ['Main St', 'High St', 'Elm Rd', 'Station Rd', 'Mill Ln'];
const CHAIRS = ['Algorithms', 'Databases', 'Logic', 'Networks', 'Graphics'];
const SECTORS = ['tech', 'retail', 'bio', 'energy'];
const WORDS = [
  'graph',
  'query',
  'index',
  'join',
  'node',
  'edge',
  'path',
  'shard',
  'cluster',
  'vector',
];
const CITIES: Array<[string, string | null, number | null]> = [
  ['Helsinki', 'FI', 658_000],
  ['Espoo', 'FI', 305_000],
  ['Oslo', 'NO', 709_000],
  ['Bergen', 'NO', 286_000],
  ['Stockholm', 'SE', 984_000],
  ['Uppsala', 'SE', null],
  ['Copenhagen', 'DK', 644_000],
  ['Aarhus', null, 285_000],
  ['Reykjavík', 'IS', 139_000],
  ['Tampere', 'FI', 244_000],
];
export const STUDENT_IDS = range(1, 40);
export const PROFESSOR_IDS = range(101, 118);
const PERSON_IDS = [...STUDENT_IDS, ...PROFESSOR_IDS];
const FORUM_IDS = range(1, 15);
const POST_IDS = range(1, 60);
const CITY_IDS = range(1, CITIES.length);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

type Doc = Record<string, unknown>;

/** The documents of every OpenSearch index and the rows of the city table, from one seed. */
export function graphDocuments(seed = 20_240_229) {
  const next = seeded(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  const chance = (p: number) => next() < p;
  const some = <T>(values: readonly T[], max: number): T[] =>
    Array.from({ length: Math.floor(next() * (max + 1)) }, () => pick(values));
  const day = (startYear: number, years: number) =>
    new Date(Date.UTC(startYear, 0, 1) + Math.floor(next() * years * 365) * 86_400_000)
      .toISOString()
      .slice(0, 10);

  /** Optional fields: usually set, sometimes missing, sometimes an explicit null. */
  const maybe = (doc: Doc, field: string, value: () => unknown, pMissing = 0.1, pNull = 0.05) => {
    const roll = next();
    if (roll < pMissing) return;
    doc[field] = roll < pMissing + pNull ? null : value();
  };
  const person = (id: number): Doc => {
    const doc: Doc = { id, name: pick(FIRST_NAMES) };
    maybe(doc, 'age', () => 18 + Math.floor(next() * 50));
    maybe(doc, 'born', () => day(1955, 50));
    // Usually an array, sometimes one bare value or an empty array, as real documents are.
    maybe(doc, 'tags', () => (chance(0.15) ? pick(TAGS) : [...new Set(some(TAGS, 3))]));
    maybe(doc, 'friend_ids', () => {
      const friends = some(PERSON_IDS, 4);
      if (chance(0.05)) friends.push(id); // knows themself
      if (chance(0.05)) friends.push(999); // nobody
      return friends.length === 1 && chance(0.5) ? friends[0] : [...new Set(friends)];
    });
    maybe(doc, 'city_id', () => pick([...CITY_IDS, 11, 12]));
    maybe(doc, 'company_code', () => (chance(0.1) ? 'NOPE' : pick(COMPANIES)), 0.25);
    maybe(doc, 'address', () =>
      chance(0.2)
        ? { street: pick(STREETS) }
        : { street: pick(STREETS), zip: String(100 + Math.floor(next() * 900)).padStart(5, '0') }
    );
    return doc;
  };

  const student = STUDENT_IDS.map((id) => {
    const doc = person(id);
    maybe(doc, 'gpa', () => Math.round((1 + next() * 4) * 100) / 100);
    maybe(doc, 'advisor_id', () => pick([...PROFESSOR_IDS, 130]));
    return doc;
  });
  const professor = PROFESSOR_IDS.map((id) => {
    const doc = person(id);
    maybe(doc, 'chair', () => pick(CHAIRS));
    maybe(doc, 'salary', () => 50_000 + Math.floor(next() * 100) * 1_000);
    return doc;
  });
  const forum = FORUM_IDS.map((id) => {
    const doc: Doc = { id, title: `${pick(WORDS)} ${pick(TAGS)} forum ${id}` };
    maybe(doc, 'member_ids', () => [...new Set(some(PERSON_IDS, 8))], 0.05, 0.05);
    maybe(
      doc,
      'created',
      () => `${day(2015, 8)}T${String(Math.floor(next() * 24)).padStart(2, '0')}:30:00Z`
    );
    return doc;
  });
  const post = POST_IDS.map((id) => {
    const doc: Doc = { id, creator_id: pick(PERSON_IDS) };
    maybe(doc, 'forum_id', () => pick([...FORUM_IDS, 16]));
    maybe(doc, 'liker_ids', () => [...new Set(some(PERSON_IDS, 5))]);
    maybe(doc, 'text', () => `${pick(WORDS)} ${pick(WORDS)}`);
    maybe(doc, 'body', () => Array.from({ length: 6 }, () => pick(WORDS)).join(' '));
    maybe(doc, 'likes', () => Math.floor(next() * 100));
    maybe(doc, 'created', () => day(2018, 6));
    return doc;
  });
  const company = COMPANIES.map((code, i) => {
    const doc: Doc = { code, name: `${code[0]}${code.slice(1).toLowerCase()} Inc` };
    maybe(doc, 'sector', () => pick(SECTORS));
    maybe(doc, 'hq_city_id', () => pick(CITY_IDS));
    maybe(doc, 'employees', () => (i + 1) * 100 + Math.floor(next() * 100));
    return doc;
  });
  const city = CITIES.map(([name, country, population], i) => ({
    id: i + 1,
    name,
    country,
    population,
    founded: i === 4 ? null : day(1100, 800),
    area: Math.round(next() * 50_000) / 100,
  }));
  return { student, professor, forum, post, company, city };
}

const PERSON_PROPERTIES = {
  id: { type: 'long' },
  name: { type: 'keyword' },
  age: { type: 'integer' },
  born: { type: 'date' },
  tags: { type: 'keyword' },
  friend_ids: { type: 'long' },
  city_id: { type: 'long' },
  company_code: { type: 'keyword' },
  address: { properties: { street: { type: 'keyword' }, zip: { type: 'keyword' } } },
};

export const MAPPINGS: Record<Exclude<keyof typeof CORPUS_INDICES, 'city' | 'cityMirror'>, Doc> = {
  student: { ...PERSON_PROPERTIES, gpa: { type: 'double' }, advisor_id: { type: 'long' } },
  professor: { ...PERSON_PROPERTIES, chair: { type: 'keyword' }, salary: { type: 'long' } },
  forum: {
    id: { type: 'long' },
    title: { type: 'keyword' },
    member_ids: { type: 'long' },
    created: { type: 'date' },
  },
  post: {
    id: { type: 'long' },
    forum_id: { type: 'long' },
    creator_id: { type: 'long' },
    liker_ids: { type: 'long' },
    text: { type: 'keyword' },
    // Analysed text, so phrase queries in node query strings mean something.
    body: { type: 'text' },
    likes: { type: 'integer' },
    created: { type: 'date' },
  },
  company: {
    code: { type: 'keyword' },
    name: { type: 'keyword' },
    sector: { type: 'keyword' },
    hq_city_id: { type: 'long' },
    employees: { type: 'long' },
  },
};
