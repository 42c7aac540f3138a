/**
 * `parseGql`: lexes, parses with error recovery and checks limits, returning a best-effort tree
 * and every error (lexical, syntactic, semantic) in source order.
 */
import {
  IRecognitionException,
  IToken,
  NotAllInputParsedException,
  tokenMatcher,
} from 'chevrotain';
import type {
  Expression,
  GqlParseResult,
  GqlStatement,
  GqlSyntaxError,
  Identifier,
  NodePattern,
  OrderItem,
  PathPattern,
  SelectItem,
} from './ast';
import { expectedMessage, keywordHint, splitMessage } from './error_messages';
import { expressionChildren } from './expression_walk';
import { GrammarWalker } from './grammar_walker';
import { GqlParser } from './parser';
import { comprehensionParts } from './path_functions';
import { nameRefusedConstructs } from './refused_constructs';
import { SourceText } from './source_text';
import { gqlLexer, LParen, RParen, tokenLabel, UNTERMINATED } from './tokens';

/** Parentheses deeper than this are refused before parsing: each level costs parser stack. */
export const MAX_PARENTHESES_DEPTH = 100;
/** Deepest expression tree accepted (long AND/OR chains and NOT runs nest too). */
export const MAX_EXPRESSION_DEPTH = 1000;

/** Longest query text accepted, in UTF-16 code units. */
export const MAX_QUERY_LENGTH = 1_000_000;

/** Errors reported at most (more are summarised in one last error). */
export const MAX_REPORTED_ERRORS = 100;

let shared: { parser: GqlParser; walker: GrammarWalker } | undefined;

/**
 * Building the parser analyses the grammar (a few milliseconds), so it is built once, on first
 * use. It keeps nothing between parses: `run` resets its input and state every time.
 */
export function gqlGrammar(): { parser: GqlParser; walker: GrammarWalker } {
  if (!shared) {
    const parser = new GqlParser();
    shared = { parser, walker: new GrammarWalker(parser.getGAstProductions().statement) };
  }
  return shared;
}

export function parseGql(text: string): GqlParseResult {
  const source = new SourceText(text);
  if (text.length > MAX_QUERY_LENGTH) {
    // Parsing is linear, but a few megabytes would still hold a server thread for seconds.
    const message = `the query is too long (${text.length} characters, at most ${MAX_QUERY_LENGTH})`;
    return { statement: null, errors: [{ message, range: source.range(0, 0), expected: [] }] };
  }
  const lexed = gqlLexer.tokenize(text);
  let errors: GqlSyntaxError[] = lexed.errors.map((error) => ({
    message: error.message,
    range: source.range(error.offset, error.offset + error.length),
    expected: [],
  }));
  for (const token of [...lexed.tokens, ...(lexed.groups.comments ?? [])]) {
    const message = UNTERMINATED.get(token.tokenType);
    if (message) errors.push({ message, range: tokenRange(source, token), expected: [] });
  }

  const tooDeep = firstTooDeep(lexed.tokens);
  if (tooDeep) {
    errors.push({
      message: `parentheses are nested too deeply (more than ${MAX_PARENTHESES_DEPTH} levels)`,
      range: tokenRange(source, tooDeep),
      expected: [],
    });
    return { statement: null, errors: inSourceOrder(errors) };
  }

  const { parser, walker } = gqlGrammar();
  let outcome: ReturnType<GqlParser['run']>;
  try {
    outcome = parser.run(lexed.tokens, source);
  } catch (error) {
    // Depth is capped above; this is the last line of defence for a pathological input.
    if (!(error instanceof RangeError)) throw error;
    errors.push({
      message: 'the query is too complex to parse',
      range: source.range(0, text.length),
      expected: [],
    });
    return { statement: null, errors: inSourceOrder(errors) };
  }

  for (const exception of outcome.errors) {
    errors.push(syntaxError(exception, lexed.tokens, source, walker));
  }
  errors.push(...outcome.semanticErrors);
  errors = nameRefusedConstructs(errors, lexed.tokens, text);
  if (outcome.stopped) {
    const last = errors[errors.length - 1];
    errors.push({
      message: `too many errors: the query was checked only up to here`,
      range: last?.range ?? source.range(0, 0),
      expected: [],
    });
  }

  const { draft } = outcome;
  const understood =
    draft.items.length > 0 ||
    draft.graph !== undefined ||
    draft.patterns.length > 0 ||
    draft.optional.length > 0 ||
    draft.where !== undefined;
  if (!understood) return { statement: null, errors: inSourceOrder(errors) };

  const statement: GqlStatement = {
    form: draft.form,
    explain: draft.explain,
    distinct: draft.distinct,
    items: draft.items,
    patterns: draft.patterns,
    orderBy: draft.orderBy,
    range: outcome.range,
  };
  if (draft.form === 'select') {
    statement.graph = draft.graph ?? {
      name: '',
      range: source.range(outcome.range.end, outcome.range.end),
    };
  }
  statement.orderBy = orderByAliases(draft.orderBy, draft.items);
  const where = withPropertyEqualities(draft.where, draft.patterns);
  if (where) statement.where = where;
  if (draft.optional.length > 0) {
    // Each clause's property maps are conditions of its own WHERE: they filter its matches.
    statement.optional = draft.optional.map((clause) => {
      const own = withPropertyEqualities(clause.where, clause.patterns);
      return { patterns: clause.patterns, ...(own ? { where: own } : {}), range: clause.range };
    });
  }
  if (draft.limit) statement.limit = draft.limit;
  if (draft.offset) statement.offset = draft.offset;

  const deep = firstTooDeepExpression(statement);
  if (deep) {
    errors.push({
      message: `the expression is nested too deeply (more than ${MAX_EXPRESSION_DEPTH} levels)`,
      range: deep.range,
      expected: [],
    });
  }
  return { statement, errors: inSourceOrder(errors) };
}

/**
 * ORDER BY items that name a RETURN alias (`ORDER BY people`), or repeat an aliased item's
 * expression (`RETURN p.age AS age ORDER BY p.age`), are that item, as in Cypher: the item's
 * expression and its header text, which is how every ORDER BY finds its column.
 */
function orderByAliases(orderBy: OrderItem[], items: SelectItem[]): OrderItem[] {
  const aliased = items.filter((item) => item.alias !== undefined);
  if (aliased.length === 0) return orderBy;
  const shape = (e: Expression) =>
    JSON.stringify(e, (key, value) => (key === 'range' ? undefined : value));
  return orderBy.map((order) => {
    const { expression } = order;
    const item =
      (expression.kind === 'variable' &&
        aliased.find((i) => i.alias!.name === expression.variable.name)) ||
      aliased.find((i) => shape(i.expression) === shape(expression));
    return item ? { ...order, expression: item.expression, text: item.text } : order;
  });
}

/**
 * Node property maps are conditions: `(c:Company {country: 'FR'})` is `c.country = 'FR'` ANDed
 * to the statement's WHERE, so the planner pushes them down like any other condition on `c`.
 * A node without a variable keeps its map (`NodePattern.properties`): the server's binder, which
 * knows which node it is, makes the same conditions.
 */
function withPropertyEqualities(
  where: Expression | undefined,
  patterns: PathPattern[]
): Expression | undefined {
  let result = where;
  for (const node of patterns.flatMap((pattern) => pattern.nodes.flat())) {
    if (!node.variable) continue;
    for (const condition of propertyEqualities(node, node.variable)) {
      result = result
        ? { kind: 'and', left: result, right: condition, range: condition.range }
        : condition;
    }
  }
  return result;
}

/** A node's property map as equalities on `variable`: `{k: v}` is `variable.k = v`. */
export function propertyEqualities(node: NodePattern, variable: Identifier): Expression[] {
  return (node.properties ?? []).map((entry) => ({
    kind: 'comparison',
    operator: '=',
    left: { kind: 'property', variable, path: [entry.key.name], range: entry.key.range },
    right: entry.value,
    range: entry.range,
  }));
}

function syntaxError(
  exception: IRecognitionException,
  tokens: IToken[],
  source: SourceText,
  walker: GrammarWalker
): GqlSyntaxError {
  const token = exception.token;
  const index = indexOfToken(tokens, token);
  let { message, expected } = splitMessage(exception.message);
  if (exception instanceof NotAllInputParsedException && index >= 0) {
    // Chevrotain only knows the input should have ended; say what could have continued it.
    const next = walker.nextTokenTypes(tokens.slice(0, index));
    if (next) {
      expected = [...new Set(next.map(tokenLabel))];
      message = expectedMessage(expected, token);
    }
  }
  if (index >= 0) message += keywordHint(token, tokens[index + 1]);
  return { message, range: errorRange(token, tokens, source), expected };
}

/** Binary search (tokens are in source order): a query can have thousands of errors. */
function indexOfToken(tokens: IToken[], token: IToken): number {
  let low = 0;
  let high = tokens.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (tokens[mid].startOffset < token.startOffset) low = mid + 1;
    else if (tokens[mid].startOffset > token.startOffset) high = mid - 1;
    else return tokens[mid] === token ? mid : -1;
  }
  return -1;
}

/** The token's range; at end of input, an empty range just after the last token. */
function errorRange(token: IToken, tokens: IToken[], source: SourceText) {
  if (token.startOffset >= 0 && !token.isInsertedInRecovery) return tokenRange(source, token);
  const last = tokens[tokens.length - 1];
  const end = last ? last.startOffset + last.image.length : 0;
  return source.range(end, end);
}

function tokenRange(source: SourceText, token: IToken) {
  return source.range(token.startOffset, token.startOffset + token.image.length);
}

function firstTooDeep(tokens: IToken[]): IToken | undefined {
  let depth = 0;
  for (const token of tokens) {
    if (tokenMatcher(token, LParen)) {
      depth++;
      if (depth > MAX_PARENTHESES_DEPTH) return token;
    } else if (tokenMatcher(token, RParen)) {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}

/** The first expression below the depth limit, found without recursion. */
function firstTooDeepExpression(statement: GqlStatement): Expression | undefined {
  const roots: Expression[] = [
    ...statement.items.map((item) => item.expression),
    ...(statement.where ? [statement.where] : []),
    ...(statement.optional ?? []).flatMap((clause) => (clause.where ? [clause.where] : [])),
    ...statement.orderBy.map((item) => item.expression),
  ];
  const stack: [Expression, number][] = roots.map((root) => [root, 1]);
  while (stack.length > 0) {
    const [expression, depth] = stack.pop()!;
    if (depth > MAX_EXPRESSION_DEPTH) return expression;
    for (const child of [...expressionChildren(expression), ...comprehensionParts(expression)])
      stack.push([child, depth + 1]);
  }
  return undefined;
}

/**
 * Sorted by position (stable), without the duplicates recovery sometimes reports, and at most
 * MAX_REPORTED_ERRORS of them: nobody reads more, and an editor should not draw thousands.
 */
function inSourceOrder(errors: GqlSyntaxError[]): GqlSyntaxError[] {
  const seen = new Set<string>();
  const sorted = errors
    .filter((error) => {
      const key = `${error.range.start}:${error.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.range.start - b.range.start);
  if (sorted.length <= MAX_REPORTED_ERRORS) return sorted;
  return [
    ...sorted.slice(0, MAX_REPORTED_ERRORS),
    {
      message: `too many errors: only the first ${MAX_REPORTED_ERRORS} are reported`,
      range: sorted[MAX_REPORTED_ERRORS].range,
      expected: [],
    },
  ];
}
