/**
 * Differential test of `query_string` on virtual indices: the same 200 rows in a real OpenSearch
 * index (keyword, long, double, boolean and date fields) and in PostgreSQL, MariaDB and SQLite
 * tables behind virtual indices of the standalone host (test/differential's fixture). Every query
 * text must find the same hits on each database as on OpenSearch, or be refused by both with a
 * 400; the syntax virtual indices do not translate (fuzziness, proximity, regular expressions)
 * must be a 400 naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSame } from '../../../../test/differential/expect_same';
import { setUpFixture, type Fixture } from '../../../../test/differential/fixture';
import { SQL_KINDS } from '../../../../test/differential/sql_tables';
import type { DataRow, TableSpec } from '../../../../test/differential/table_spec';

const KEYWORDS = [
  'alpha',
  'Alpha',
  'ALPHA',
  'alpha beta',
  'beta',
  'gamma ray',
  'a*b',
  'a?c',
  'x:y',
  'c++',
  'AND',
  'foo-bar',
  'say "hi"',
  'path/to',
  '',
  'ünï',
  '日本',
  'kiwi',
  'apple',
  'Apple',
  'apple pie',
  '5',
  'true',
  '2024-01-01',
  'back\\slash',
  'x  y',
  'alphabet',
  'betamax',
  '150',
];
const COLORS = ['red', 'green', 'blue', 'Red'];
const HOUR = 3_600_000;

/** 200 rows; every column has NULLs, so negations must keep rows without the field. */
function rows(): DataRow[] {
  return Array.from({ length: 200 }, (_, i) => ({
    id: i + 1,
    k: i % 17 === 16 ? null : KEYWORDS[i % KEYWORDS.length],
    k2: i % 11 === 10 ? null : COLORS[i % COLORS.length],
    n: i % 19 === 18 ? null : i % 50 === 7 ? 9_000_000_000_000 + i : ((i * 37) % 401) - 200,
    d: i % 23 === 22 ? null : ((i * 13) % 100) / 4 - 10,
    b: i % 5 === 4 ? null : i % 2 === 0,
    t:
      i % 29 === 28
        ? null
        : new Date(Date.UTC(2024, 0, 1) + i * 41 * HOUR + (i % 7) * 13 * 60_000).toISOString(),
  }));
}

const SPEC: TableSpec = {
  columns: [
    { name: 'id', type: 'long' },
    { name: 'k', type: 'keyword' },
    { name: 'k2', type: 'keyword' },
    { name: 'n', type: 'long' },
    { name: 'd', type: 'double' },
    { name: 'b', type: 'boolean' },
    { name: 't', type: 'date' },
  ],
  key: 'id',
  rows: rows(),
};

interface Case {
  query: string;
  options?: Record<string, unknown>;
  /** What OpenSearch answers: hits (the default), no hit, or a 400. */
  expect?: 'empty' | 'error';
}

const c = (query: string, options?: Record<string, unknown>, expect?: Case['expect']): Case => ({
  query,
  options,
  expect,
});

const CASES: Case[] = [
  // Fields, terms and phrases (a phrase on a keyword field is the whole value).
  c('k:alpha'),
  c('k:Alpha'),
  c('k:"alpha beta"'),
  c('k:alpha beta'),
  c('alpha beta'),
  c('k:(alpha beta)'),
  c('k:(alpha OR beta)'),
  c('alpha'),
  c('5'),
  c('true'),
  c('150'),
  c(`n:${SPEC.rows[6].n}`),
  c(`n:\\${SPEC.rows[3].n}`),
  c(`n:${SPEC.rows[7].n}`),
  c('d:2.5'),
  c('b:false'),
  c('t:2024-01-02'),
  c('id:17'),
  c('_id:17'),
  c('nope:alpha', undefined, 'empty'),
  c('n:abc', undefined, 'empty'),
  // Escapes.
  c('k:x\\:y'),
  c('k:a\\*b'),
  c('k:c\\+\\+'),
  c('k:"say \\"hi\\""'),
  c('k:path\\/to'),
  c('k:foo-bar'),
  c('k:\\u0061lpha'),
  c('k:back\\\\slash'),
  c('k:x\\ \\ y'),
  c('k:""'),
  c('k:ünï OR k:日本'),
  c('k:\\AND'),
  c('k:"a*b"'),
  c('k:a*b'),
  c('b:true^2'),
  c('_id:(17 OR 18)'),
  c('id:>190'),
  c('k:150 OR n:150'),
  c('t:"2024-01-02"'),
  // Boolean operators, with Lucene's clause rules.
  c('k:alpha OR k:beta'),
  c('k:alpha AND b:true'),
  c('k2:red AND NOT b:true'),
  c('k2:red && !b:true'),
  c('k2:red || k2:blue'),
  c('+k2:red -b:false'),
  c('k2:red OR k2:blue AND b:true'),
  c('k2:red OR NOT b:true'),
  c('NOT k2:red'),
  c('-k2:red -k2:blue'),
  c('(k2:red OR k2:blue) AND (n:[0 TO *] OR b:true)'),
  c('k2:red (b:true OR -k:alpha)'),
  c('k2:red k2:blue', { default_operator: 'AND' }, 'empty'),
  c('k2:red b:true', { default_operator: 'AND' }),
  c('k2:red OR b:true k2:blue', { default_operator: 'AND' }),
  c('alpha beta k2:red', { default_operator: 'and' }),
  c('k2:(red blue)', undefined, 'empty'),
  c('k2:red b:true n:>0', { minimum_should_match: 2 }),
  c('(k2:red b:true n:>0)', { minimum_should_match: '67%' }),
  c('k2:red b:true d:<0', { minimum_should_match: -1 }),
  c('k2:red', { minimum_should_match: 2 }),
  c('+k2:red', { minimum_should_match: 2 }, 'empty'),
  c('k:alpha AND n:>0 alpha beta', { default_operator: 'AND' }, 'empty'),
  c('!k2:red'),
  c('k2:red AND -b:true'),
  c('(-k2:red)'),
  c('k2:red OR (NOT b:true)'),
  c('((k2:red))'),
  c('k2:red AND (b:true OR b:false) AND NOT n:[* TO 0]'),
  c('k:(alpha OR "alpha beta") AND NOT k:alpha'),
  c('k2:red\tAND\nb:true'),
  c('k2:red\u3000b:true'),
  c('k:alpha + k:beta'),
  // Ranges: brackets, open ends, one-sided comparisons, dates with math and zones.
  c('n:[10 TO 50]'),
  c('n:{10 TO 50}'),
  c('n:[10 TO 50}'),
  c('n:{* TO 0]'),
  c('n:[100 TO *]'),
  c('n:>100'),
  c('n:>=100 AND n:<=150'),
  c('n:<-100'),
  c('d:[-2.5 TO 2.5]'),
  c('d:>9.5'),
  c('k:[alpha TO beta]'),
  c('k:{a TO b}'),
  c('k:["alpha beta" TO "beta"]'),
  c('b:[false TO true}'),
  c('k:[* TO *]'),
  c('n:[* TO *]'),
  c('k:{* TO alpha}'),
  c('k:[x\\:y TO z]'),
  c('t:[2024-01-02 TO 2024-01-02]'),
  c('t:{2024-01-02 TO 2024-01-10}'),
  c('[100 TO 200]'),
  c('t:[2024-02-01 TO 2024-03-01}'),
  c('t:{2024-02-01 TO 2024-03-01]'),
  c('t:[2024-01-01T10:00:00 TO *]'),
  c('t:>=2024-03-01'),
  c('t:<2024-01-15'),
  c('t:[2024-01-01||+1M TO 2024-01-01||+2M/M]'),
  c('t:>2024-02-10||+1d\\/d'),
  c('t:[now-10y TO now]'),
  c('t:[2024-01-02T22:00:00 TO 2024-01-06T00:00:00]', { time_zone: '+05:00' }),
  c('t:2024-01-02', { time_zone: 'America/New_York' }),
  c('t:2024-01-04', { time_zone: '+14:00' }, 'empty'),
  // Wildcards, prefixes, presence.
  c('k:alp*'),
  c('k:Alp*'),
  c('k:a?c'),
  c('k:*ta'),
  c('k:*a*'),
  c('k:a\\*b*'),
  c('k:?lpha'),
  c('alp*'),
  c('k:*'),
  c('d:*'),
  c('*'),
  c('*:*'),
  c('_exists_:t'),
  c('_exists_:k\\*'),
  c('_exists_:k*', undefined, 'empty'),
  c('NOT _exists_:b'),
  c('k\\*:red'),
  c('*:red'),
  // Boosts are accepted (virtual scores are constant).
  c('k:alpha^2 OR k:beta^0.5'),
  c('(k:alpha OR k:beta)^3'),
  c('k:[alpha TO beta]^2'),
  // Query options.
  c('red', { default_field: 'k2' }),
  c('red', { default_field: 'k*' }),
  c('red', { fields: ['k', 'k2'] }),
  c('red OR alpha', { fields: ['k^2', 'k2'] }),
  c('>=100', { default_field: 'n' }),
  c('>5', { fields: ['k'] }, 'empty'),
  c('*', { default_field: 'k' }),
  c('*', { fields: ['k', 'd'] }),
  c('*', { fields: ['k*'] }),
  c('alp* OR 150', { fields: ['k*', 'n'], lenient: true }),
  c('alpha', { fields: ['k', 'n'], lenient: true }),
  c('a*b', { escape: true }),
  c('', undefined, 'empty'),
  // OpenSearch refuses these with a 400; so must virtual indices.
  c('n:abc', { default_field: 'k' }, 'error'),
  c('alpha', { fields: ['k', 'n'] }, 'error'),
  c('n:1*', { default_field: 'k' }, 'error'),
  c('k:*ta', { allow_leading_wildcard: false }, 'error'),
  c('red', { default_field: 'k', fields: ['k'] }, 'error'),
  c('k:(alpha', undefined, 'error'),
  c('k:alpha AND', undefined, 'error'),
  c('AND k:alpha', undefined, 'error'),
  c('k:[a b]', undefined, 'error'),
  c('k:alpha\\', undefined, 'error'),
  c('k:a:b', undefined, 'error'),
  c('k:"alpha', undefined, 'error'),
  c('n:-5', undefined, 'error'),
  c('k:alpha)', undefined, 'error'),
  c('k:alpha^', undefined, 'error'),
  c('k:AND', undefined, 'error'),
  c('k:alpha NOT', undefined, 'error'),
  c('k2:red OR', undefined, 'error'),
  c('()', undefined, 'error'),
  c('k:\\u00', undefined, 'error'),
];

/** OpenSearch runs these; virtual indices cannot compare keywords this way and must say so. */
const REFUSED: Array<[string, string]> = [
  ['k:alpha~1', 'fuzziness (~) at line 1, column 8'],
  ['k:alpha~', 'fuzziness (~)'],
  ['k:"alpha beta"~2', 'proximity (~ after a phrase) at line 1, column 15'],
  ['k:/al.*/', 'a regular expression (/.../) at line 1, column 3'],
  ['b:true OR k:/al.*/', 'a regular expression'],
];

function body(c: Case): Record<string, unknown> {
  return { query: { query_string: { query: c.query, ...c.options } }, size: 500 };
}

function label(c: Case): string {
  return c.options ? `${c.query} ${JSON.stringify(c.options)}` : c.query;
}

describe('query_string on virtual indices answers as on OpenSearch', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await setUpFixture('qs', SPEC);
  });
  afterAll(async () => fixture?.close());

  for (const kind of SQL_KINDS) {
    describe(kind, () => {
      for (const testCase of CASES) {
        it(label(testCase), async (ctx) => {
          const target = fixture.target(kind, ctx);
          const { expected } = await expectSame(fixture, target, body(testCase), label(testCase));
          // Guard against a vacuous pass: each case must find, or refuse, what it says.
          if (testCase.expect === 'error') {
            expect(expected.status, 'reference status').toBe(400);
          } else {
            expect(expected.status, 'reference status').toBe(200);
            const found = expected.body.hits.hits.length;
            if (testCase.expect === 'empty') expect(found, 'reference hits').toBe(0);
            else expect(found, 'reference hits').toBeGreaterThan(0);
          }
        });
      }

      it.for(REFUSED)('refuses %s with a 400 naming %s', async ([query, syntax], ctx) => {
        const target = fixture.target(kind, ctx);
        const response = await fixture.api.call('POST', `/svc/${target.index}/_search`, {
          query: { query_string: { query } },
        });
        expect(response.status).toBe(400);
        expect(response.body.error.type).toBe('illegal_argument_exception');
        expect(response.body.error.reason).toContain(`[query_string] query [${query}] uses`);
        expect(response.body.error.reason).toContain(syntax);
        expect(response.body.error.reason).toContain('not supported on virtual indices');
      });
    });
  }
});
