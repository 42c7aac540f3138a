/**
 * Graph requests at the size and depth limits: queries that make the body 100 KB to twice the
 * request limit (long IN lists, OR chains, query strings of thousands of clauses, long comments
 * and strings), and nesting 1,000 to 100,000 deep in WHERE, node query strings, lists or the
 * model, shrunk to fit under the limit so that the parsers, not the size check, meet them.
 */
import type { Prng } from '../differential/prng';
import { firstVariable, serialize, withNodeQuery, withoutTail, type GraphDamage } from './gql_edit';
import type { GraphBody } from './graph_requests';
import { short } from './json_mutation';

/** A query that makes the body about `target` bytes: a long IN list, OR chain, comment... */
export function hugeQuery(random: Prng, body: GraphBody, maxRequestBytes: number): GraphDamage {
  const target = random.pick([
    100_000,
    500_000,
    maxRequestBytes - random.int(1, 2_000),
    maxRequestBytes,
    maxRequestBytes + 1,
    maxRequestBytes + random.int(2, 50_000),
    maxRequestBytes * 2,
  ]);
  const v = firstVariable(body.query);
  const head = withoutTail(body.query);
  const shapes: Array<[string, (i: number) => string, string, string]> = [
    [`${head} WHERE ${v}.n IN [`, (i) => String(i), ', ', ']'],
    [`${head} WHERE ${v}.k IN [`, (i) => `'v${i}'`, ',', ']'],
    [`${head} WHERE `, (i) => `${v}.n = ${i}`, ' OR ', ''],
    // A node query string with one clause per number: past max_clause_count on both sides.
    ...(() => {
      const [before, after] = withNodeQuery(head, '"n:(\u0001)"').split('\u0001');
      return [
        [before, (i: number) => String(i), ' OR ', after] as [
          string,
          (i: number) => string,
          string,
          string,
        ],
      ];
    })(),
    [head.replace(/\bSELECT\b/i, 'SELECT '), () => `${v}.id`, ', ', ''],
    [`${head} /* `, () => 'x', '', ' */'],
    [`${head} WHERE ${v}.k = '`, () => 'x', '', "'"],
  ];
  const [prefix, item, separator, suffix] = random.pick(shapes);
  const envelope = serialize({ ...body, query: '' }).length;
  const parts: string[] = [];
  let length = envelope + prefix.length + suffix.length;
  for (let i = 0; length < target; i++) {
    const next = item(i);
    parts.push(next);
    length += next.length + (i > 0 ? separator.length : 0);
  }
  body.query = prefix + parts.join(separator) + suffix;
  const text = serialize(body);
  return {
    body: text,
    note: `huge query: ${body.query.length} characters, body ${text.length} bytes (limit ${maxRequestBytes}): ${short(prefix.slice(-40))}...`,
  };
}

/** Nesting from 1,000 to 100,000 levels in the query (or the model), kept under the size limit. */
export function deepQuery(random: Prng, body: GraphBody, maxRequestBytes: number): GraphDamage {
  const wanted = Math.round(Math.exp(random.next() * Math.log(100)) * 1_000);
  const v = firstVariable(body.query);
  const head = withoutTail(body.query);
  const valid = serialize(body);
  const shape = random.int(0, 5);
  const build = (depth: number): { text: string; note: string } => {
    switch (shape) {
      case 0:
        return {
          text: `${head} WHERE ${'('.repeat(depth)}${v}.n = 1${')'.repeat(depth)}`,
          note: `WHERE in ${depth} parentheses`,
        };
      case 1:
        return {
          text: `${head} WHERE ${'NOT '.repeat(depth)}${v}.b`,
          note: `WHERE with ${depth} NOTs`,
        };
      case 2:
        return {
          text: `${head} WHERE ${Array(depth).fill(`${v}.n <> 1`).join(' AND ')}`,
          note: `WHERE of ${depth} ANDed comparisons`,
        };
      case 3:
        // A node query string grouped `depth` deep: its own parser must refuse, not overflow.
        return {
          text: withNodeQuery(head, `"${'('.repeat(depth)}n:1${')'.repeat(depth)}"`),
          note: `node query string nested ${depth} deep`,
        };
      case 4:
        return {
          text: `${head} WHERE ${v}.n IN ${'['.repeat(depth)}1${']'.repeat(depth)}`,
          note: `IN list nested ${depth} deep`,
        };
      default:
        return {
          text: valid
            .replace('"entities":[', `"entities":${'['.repeat(depth)}`)
            .replace('],"relations"', `${']'.repeat(depth)},"relations"`),
          note: `model entities nested ${depth} deep`,
        };
    }
  };
  const bodyOf = (depth: number) => {
    const built = build(depth);
    return {
      body: shape === 5 ? built.text : serialize({ ...body, query: built.text }),
      note: built.note,
    };
  };
  let depth = wanted;
  let result = bodyOf(depth);
  // Shrink to fit under the limit: the parser, not the size check, is what is being tested.
  while (result.body.length > maxRequestBytes && depth > 1) {
    depth = Math.max(
      1,
      Math.floor((depth * (maxRequestBytes - valid.length)) / result.body.length)
    );
    result = bodyOf(depth);
  }
  return result;
}
