/**
 * Parser error messages a user understands: `expected ['FROM'] but found [MATCH]`. Chevrotain keeps
 * only a message string on its exceptions, so the accepted token labels travel inside the message
 * after a separator and `splitMessage` takes them out again.
 */
import { EOF, IParserErrorMessageProvider, IToken, TokenType, tokenMatcher } from 'chevrotain';
import { Colon, Comma, Dot, isKeyword, RBracket, RParen, shorten, tokenLabel } from './tokens';

const SEPARATOR = '\u0000';
const LIST_SEPARATOR = '\u0001';

export function describeFound(token: IToken): string {
  return tokenMatcher(token, EOF) ? 'end of input' : `[${shorten(token.image)}]`;
}

/**
 * Token classes (`identifier`, `double-quoted string`, `end of input`) are lowercase words; every
 * other label is the token's own text (`FROM`, `(`, `,`).
 */
const TOKEN_CLASS = /^[a-z][a-z -]*$/;

/**
 * A label as the message shows it: a token's text in quotes, so `,` or `]` reads as the token and
 * not as the list's own punctuation (`[',', ']']`, never `[,, ]]`); a token class as words.
 */
function shownLabel(label: string): string {
  return TOKEN_CLASS.test(label) ? label : `'${label}'`;
}

/** `['MATCH']`, or `one of ['WHERE', 'ORDER', ',', end of input]`. */
export function describeExpected(labels: string[]): string {
  const shown = labels.map(shownLabel);
  return shown.length === 1 ? `[${shown[0]}]` : `one of [${shown.join(', ')}]`;
}

export function expectedMessage(labels: string[], found: IToken, description?: string): string {
  return `expected ${description ?? describeExpected(labels)} but found ${describeFound(found)}`;
}

/**
 * `(match:Person)`, `SELECT count, ...`: a keyword followed by what usually follows a name was
 * probably meant as one; say how to write it.
 */
export function keywordHint(found: IToken, next: IToken | undefined): string {
  if (
    !isKeyword(found) ||
    !next ||
    !LOOKS_LIKE_A_NAME_BEFORE.some((type) => tokenMatcher(next, type))
  ) {
    return '';
  }
  return ` (${found.image.toUpperCase()} is a keyword: write \`${found.image}\` to use it as a name)`;
}

const LOOKS_LIKE_A_NAME_BEFORE: TokenType[] = [Colon, Dot, RParen, RBracket, Comma];

/** Where a bare token name would puzzle (`expected [[]`), say what the token starts. */
const DESCRIPTIONS: Record<string, string> = {
  'list:LBracket': 'a list such as [1, 2]',
  'fromClause:QuotedText': 'a graph name in double quotes, such as "my graph"',
  'node:QuotedText': 'a query string in double quotes, such as "name:acme"',
};

function withExpected(message: string, labels: string[]): string {
  return `${message}${SEPARATOR}${labels.join(LIST_SEPARATOR)}`;
}

export function splitMessage(raw: string): { message: string; expected: string[] } {
  const at = raw.indexOf(SEPARATOR);
  if (at < 0) return { message: raw, expected: [] };
  const list = raw.slice(at + 1);
  return { message: raw.slice(0, at), expected: list ? list.split(LIST_SEPARATOR) : [] };
}

function uniqueLabels(types: TokenType[]): string[] {
  return [...new Set(types.map(tokenLabel))];
}

function firstTokens(paths: TokenType[][]): TokenType[] {
  return paths.filter((path) => path.length > 0).map((path) => path[0]);
}

export const gqlErrorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, ruleName }) {
    const labels = [tokenLabel(expected)];
    const description = DESCRIPTIONS[`${ruleName}:${expected.name}`];
    return withExpected(expectedMessage(labels, actual, description), labels);
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    // parseGql replaces this with the tokens that could have continued the query.
    return withExpected(`unexpected ${describeFound(firstRedundant)} after the end of the query`, [
      'end of input',
    ]);
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, customUserDescription }) {
    const labels = uniqueLabels(expectedPathsPerAlt.flatMap(firstTokens));
    return withExpected(expectedMessage(labels, actual[0], customUserDescription), labels);
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual, customUserDescription }) {
    const labels = uniqueLabels(firstTokens(expectedIterationPaths));
    return withExpected(expectedMessage(labels, actual[0], customUserDescription), labels);
  },
};

/** Thrown by a budgeted provider to stop a parse that has produced too many errors. */
export class TooManyErrors extends Error {
  constructor() {
    super('too many errors');
    this.name = 'TooManyErrors';
  }
}

/**
 * The messages of `gqlErrorMessages`, but at most `budget.limit` per parse (the parser resets
 * `budget.used`). Chevrotain builds one message per error and each error costs an exception, so
 * a hostile query with thousands of mistakes would otherwise take seconds.
 */
export function budgetedErrorMessages(budget: {
  used: number;
  limit: number;
}): IParserErrorMessageProvider {
  const spend = () => {
    budget.used++;
    if (budget.used > budget.limit) throw new TooManyErrors();
  };
  return {
    buildMismatchTokenMessage: (options) => (
      spend(),
      gqlErrorMessages.buildMismatchTokenMessage(options)
    ),
    buildNotAllInputParsedMessage: (options) => (
      spend(),
      gqlErrorMessages.buildNotAllInputParsedMessage(options)
    ),
    buildNoViableAltMessage: (options) => (
      spend(),
      gqlErrorMessages.buildNoViableAltMessage(options)
    ),
    buildEarlyExitMessage: (options) => (spend(), gqlErrorMessages.buildEarlyExitMessage(options)),
  };
}
