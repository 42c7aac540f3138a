/**
 * Hostile `POST /svc/_graph` requests, each derived from a valid one (graph_requests.ts) by one
 * GQL-aware or model-aware change, so it gets past the outer checks and reaches the code that
 * judges that part. This file picks the change for a fuzz category and holds the grammar
 * mutations of the query text: token deletion, repetition, swaps, stray keywords, odd numbers
 * and quantifiers, nested WHERE, unterminated tokens, NUL and lone surrogates, other languages'
 * edges, comments and look-alike characters. Hostile values are in graph_hostile.ts, sizes in
 * graph_sizes.ts.
 */
import type { Prng } from '../differential/prng';
import { GQL_WORDS, tokenize, type GqlToken } from './gql_text';
import { clone, nestedWhere, withQuery, type GraphDamage } from './gql_edit';
import { graphParams, hostileModel, hostileQuery, modelShape } from './graph_hostile';
import type { GraphBody } from './graph_requests';
import { deepQuery, hugeQuery } from './graph_sizes';
import type { FuzzWorld } from './valid_requests';

export type { GraphDamage };

export type GraphCategory =
  | 'grammar_mutation'
  | 'hostile_strings'
  | 'wrong_types'
  | 'unknown_fields'
  | 'huge_bodies'
  | 'deep_bodies'
  | 'query_params';

/**
 * Whether a model names one of our system indices exactly (what must then be a 4xx). A pattern
 * such as `.federation-*` never expands to them (as for searches: system_indices.integration.test.ts),
 * so it may answer 2xx, without their documents: the checker looks at every row for those.
 */
export function namesSystemIndex(body: string | undefined): boolean {
  if (body === undefined) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  const entities = (parsed as { model?: { entities?: unknown } })?.model?.entities;
  if (!Array.isArray(entities)) return false;
  return entities.some(
    (entity) =>
      Array.isArray(entity?.indices) &&
      entity.indices.some(
        (index: unknown) =>
          typeof index === 'string' &&
          index
            .split(',')
            .some((part) => part.toLowerCase().startsWith('.federation') && !/[*?]/.test(part))
      )
  );
}

/**
 * The graph-specific damage for a category, or null to leave the case to the generic
 * mutations (which also reach graph bodies, as JSON trees).
 */
export function damageGraph(
  random: Prng,
  category: GraphCategory,
  valid: GraphBody,
  world: FuzzWorld,
  maxRequestBytes: number
): GraphDamage | null {
  const body = clone(valid);
  switch (category) {
    case 'grammar_mutation':
      return random.chance(0.75) ? queryTextMutation(random, body) : null;
    case 'hostile_strings':
      if (!random.chance(0.8)) return null;
      return random.chance(0.6) ? hostileQuery(random, body) : hostileModel(random, body, world);
    case 'wrong_types':
    case 'unknown_fields':
      return random.chance(0.5) ? modelShape(random, body, category) : null;
    case 'huge_bodies':
      return hugeQuery(random, body, maxRequestBytes);
    case 'deep_bodies':
      return random.chance(0.8) ? deepQuery(random, body, maxRequestBytes) : null;
    case 'query_params':
      return random.chance(0.6) ? graphParams(random, body) : null;
  }
}

// ---- the query text ------------------------------------------------------------------------

const ODD_NUMBERS = [
  '99999999999999999999',
  '9007199254740993',
  '2147483648',
  '4294967296',
  '1e309',
  '1e-400',
  '-1',
  '-0',
  '0',
  '1.5',
  '00001',
  '1E3',
  '-9223372036854775809',
];

const FOREIGN_EDGES = ['-->', '<--', '--', '=>', '<->', '~>', '-[*]->', '-[:R*1..3]->', '-[]->>'];
const ODD_CHARACTERS = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\uffff',
  '\ufeff',
  '\u2028',
  '\u00a0',
  '\u202e',
];

function significant(tokens: GqlToken[]): number[] {
  return tokens.map((t, i) => i).filter((i) => tokens[i].kind !== 'space');
}

function queryTextMutation(random: Prng, body: GraphBody): GraphDamage {
  const query = body.query;
  const tokens = tokenize(query);
  const at = significant(tokens);
  const join = (list: GqlToken[]) => list.map((t) => t.text).join('');
  const pickToken = () => random.pick(at);
  switch (random.int(0, 14)) {
    case 0: {
      const i = pickToken();
      const removed = tokens.splice(i, 1)[0];
      return withQuery(body, join(tokens), `query: token ${JSON.stringify(removed.text)} deleted`);
    }
    case 1: {
      const i = pickToken();
      const copies = random.int(1, 3);
      const text = tokens[i].text;
      tokens[i] = {
        ...tokens[i],
        text: Array(copies + 1)
          .fill(text)
          .join(random.pick(['', ' '])),
      };
      return withQuery(body, join(tokens), `query: token ${JSON.stringify(text)} repeated`);
    }
    case 2: {
      if (at.length < 2) return withQuery(body, `${query} ${query}`, 'query: written twice');
      const k = random.int(0, at.length - 2);
      const [i, j] = [at[k], at[k + 1]];
      [tokens[i], tokens[j]] = [tokens[j], tokens[i]];
      return withQuery(body, join(tokens), `query: tokens ${i} and ${j} swapped`);
    }
    case 3: {
      const i = pickToken();
      const replacement = random.chance(0.6)
        ? random.pick(GQL_WORDS)
        : random.pick([
            '(',
            ')',
            '[',
            ']',
            '{',
            '}',
            ',',
            '.',
            ':',
            ';',
            '*',
            '=',
            '->',
            '<-',
            '-',
          ]);
      const old = tokens[i].text;
      tokens[i] = { kind: 'word', text: replacement };
      return withQuery(body, join(tokens), `query: ${JSON.stringify(old)} -> ${replacement}`);
    }
    case 4: {
      const i = random.int(0, tokens.length);
      const word = random.pick(GQL_WORDS);
      tokens.splice(i, 0, { kind: 'word', text: ` ${word} ` });
      return withQuery(body, join(tokens), `query: ${word} inserted`);
    }
    case 5: {
      const cut = random.int(0, query.length - 1);
      return withQuery(body, query.slice(0, cut), `query: cut at ${cut}`);
    }
    case 6:
      return oddNumbers(random, body, tokens);
    case 7: {
      const arrows = tokens
        .map((t, i) => i)
        .filter((i) => ['->', '<-', '-'].includes(tokens[i].text));
      const odd = random.pick([...ODD_NUMBERS, '1', '5', '6', '1000']);
      const quantifier = random.pick([
        `{${odd}}`,
        `{1,${odd}}`,
        `{${odd},1}`,
        `{0,1}`,
        `{3,2}`,
        '{1,}',
        '{,2}',
        '{}',
      ]);
      if (arrows.length === 0)
        return withQuery(body, `${query} ${quantifier}`, `query: ${quantifier} appended`);
      const i = random.pick(arrows);
      tokens[i] = { ...tokens[i], text: `${tokens[i].text}${quantifier}` };
      return withQuery(body, join(tokens), `query: quantifier ${quantifier} after an arrow`);
    }
    case 8:
      return withQuery(
        body,
        nestedWhere(random, body, random.pick([20, 99, 100, 101, 1_000])),
        'query: nested WHERE'
      );
    case 9: {
      const mark = random.pick(["'", '"', '`', '/*', "'abc\\", '"abc\\"', '/* */ /*', '`a``']);
      const i = random.int(0, tokens.length);
      tokens.splice(i, 0, { kind: 'punct', text: mark });
      return withQuery(
        body,
        join(tokens),
        `query: unterminated ${JSON.stringify(mark)} at token ${i}`
      );
    }
    case 10: {
      const ch = random.pick(ODD_CHARACTERS);
      const quoted = tokens
        .map((t, i) => i)
        .filter((i) => ['string', 'quoted', 'name'].includes(tokens[i].kind));
      if (quoted.length > 0 && random.chance(0.5)) {
        const i = random.pick(quoted);
        const t = tokens[i].text;
        const cut = random.int(1, Math.max(1, t.length - 1));
        tokens[i] = { ...tokens[i], text: t.slice(0, cut) + ch + t.slice(cut) };
        return withQuery(
          body,
          join(tokens),
          `query: ${JSON.stringify(ch)} inside ${JSON.stringify(t)}`
        );
      }
      const cut = random.int(0, query.length);
      return withQuery(
        body,
        query.slice(0, cut) + ch + query.slice(cut),
        `query: ${JSON.stringify(ch)} at ${cut}`
      );
    }
    case 11: {
      const arrows = tokens
        .map((t, i) => i)
        .filter((i) => ['->', '<-'].includes(tokens[i].text) || tokens[i].text === '-');
      const foreign = random.pick(FOREIGN_EDGES);
      if (arrows.length === 0)
        return withQuery(body, `${query} ${foreign}`, `query: ${foreign} appended`);
      const i = random.pick(arrows);
      tokens[i] = { kind: 'punct', text: foreign };
      return withQuery(body, join(tokens), `query: edge written ${foreign}`);
    }
    case 12: {
      const cut = random.int(0, query.length);
      const comment = random.pick(['--', '-- ', '/*', '*/', '--\n', '//']);
      return withQuery(
        body,
        query.slice(0, cut) + comment + query.slice(cut),
        `query: ${JSON.stringify(comment)} at ${cut}`
      );
    }
    case 13: {
      // Look-alikes: full-width letters, a non-breaking space, a zero-width joiner.
      const swap = random.pick([
        ['SELECT', 'ＳＥＬＥＣＴ'],
        ['MATCH', 'MATCH\u200d'],
        [' ', '\u00a0'],
        ['(', '（'],
        ['-', '\u2212'],
        ['>', '\u203a'],
        ["'", '\u2019'],
      ]);
      return withQuery(
        body,
        query.replace(new RegExp(escapeRegExp(swap[0]), 'i'), swap[1]),
        `query: ${JSON.stringify(swap[0])} as ${JSON.stringify(swap[1])}`
      );
    }
    default: {
      const filler = random.pick([
        '',
        ' ',
        ';',
        ';;',
        'SELECT 1',
        ', (z)',
        ') (',
        'UNION SELECT a FROM "x" MATCH (a)',
      ]);
      return withQuery(
        body,
        `${query}${random.pick(['', ' ', '\n'])}${filler}`,
        `query: ${JSON.stringify(filler)} appended`
      );
    }
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A number, LIMIT or OFFSET out of any sensible range. */
function oddNumbers(random: Prng, body: GraphBody, tokens: GqlToken[]): GraphDamage {
  const odd = random.pick(ODD_NUMBERS);
  const numbers = tokens.map((t, i) => i).filter((i) => tokens[i].kind === 'number');
  if (numbers.length > 0 && random.chance(0.5)) {
    const i = random.pick(numbers);
    const old = tokens[i].text;
    tokens[i] = { kind: 'number', text: odd };
    return withQuery(body, tokens.map((t) => t.text).join(''), `query: number ${old} -> ${odd}`);
  }
  const stripped = body.query.replace(/\s+(LIMIT|OFFSET)\s+\S+/gi, '').replace(/;\s*$/, '');
  const clause = random.pick([
    `LIMIT ${odd}`,
    `OFFSET ${odd}`,
    `LIMIT 1 OFFSET ${odd}`,
    `LIMIT ${odd} OFFSET ${odd}`,
  ]);
  return withQuery(body, `${stripped} ${clause}`, `query: ${clause}`);
}
