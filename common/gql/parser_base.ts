/**
 * The base of the GQL grammar's parser: chevrotain's parser with error recovery and a budget of
 * syntax errors, and the helpers every rule's embedded actions use to build the syntax tree of
 * ./ast.ts (source ranges, identifiers, numbers, errors the actions find).
 *
 * The grammar is one chevrotain parser built by inheritance, a layer per part of the language:
 * this base, ./expression_rules.ts, ./pattern_rules.ts and the statement in ./parser.ts, whose
 * constructor runs chevrotain's self-analysis once every layer has defined its rules.
 *
 * Error recovery is on, so a query with mistakes still yields a best-effort tree and every error.
 * Any sub-rule may therefore return `undefined` (the part that could not be parsed), and the
 * actions drop such parts instead of failing.
 */
import { EmbeddedActionsParser, IToken, tokenMatcher } from 'chevrotain';
import type { Expression, GqlSyntaxError, Identifier, SourceRange } from './ast';
import { budgetedErrorMessages } from './error_messages';
import { SourceText } from './source_text';
import * as T from './tokens';
import { unquoteBackquoted } from './unescape';

/** Syntax errors after which a parse stops (each one costs chevrotain an exception). */
export const MAX_SYNTAX_ERRORS = 100;

export class GqlParserBase extends EmbeddedActionsParser {
  protected source = new SourceText('');
  /** Errors the actions find (bad quantifier, `SUM(*)`, LIMIT 1.5), reset for every parse. */
  protected semanticErrors: GqlSyntaxError[] = [];
  protected readonly budget: { used: number; limit: number };

  /**
   * `validate` runs chevrotain's grammar checks (ambiguities, left recursion, duplicate
   * productions). The tests do; production skips them, they only cost start-up time.
   */
  constructor({ validate = false }: { validate?: boolean } = {}) {
    const budget = { used: 0, limit: MAX_SYNTAX_ERRORS };
    super(T.ALL_TOKENS, {
      recoveryEnabled: true,
      maxLookahead: 3,
      errorMessageProvider: budgetedErrorMessages(budget),
      skipValidations: !validate,
    });
    this.budget = budget;
  }

  protected binary(
    kind: 'and' | 'or',
    left: Expression | undefined,
    right: Expression | undefined,
    start: number
  ): Expression | undefined {
    if (!left) return right;
    if (!right) return left;
    return { kind, left, right, range: this.rangeFrom(start) };
  }

  /** An identifier from a name token, unquoted; undefined when recovery invented the token. */
  protected identifier(token: IToken | undefined): Identifier | undefined {
    if (!token || isMissing(token)) return undefined;
    const range = this.tokenRange(token);
    if (tokenMatcher(token, T.Identifier) || tokenMatcher(token, T.Keyword)) {
      return { name: token.image, range };
    }
    const name = unquoteBackquoted(token.image, tokenMatcher(token, T.Backquoted));
    if (name === '') this.semanticError('a name cannot be empty', range);
    return { name, range };
  }

  protected number(token: IToken): number | null {
    const value = Number(token.image);
    if (Number.isFinite(value)) return value;
    this.semanticError(`the number ${token.image} is out of range`, this.tokenRange(token));
    return null;
  }

  protected nonNegativeInteger(token: IToken, what: string): number | undefined {
    if (isMissing(token)) return undefined;
    const range = this.tokenRange(token);
    if (!/^\d+$/.test(token.image)) {
      this.semanticError(`${what} must be a non-negative integer, found [${token.image}]`, range);
      return undefined;
    }
    const value = Number(token.image);
    if (!Number.isSafeInteger(value)) {
      this.semanticError(
        `${what} ${token.image} is too large (at most ${Number.MAX_SAFE_INTEGER})`,
        range
      );
      return undefined;
    }
    return value;
  }

  protected semanticError(message: string, range: SourceRange): void {
    this.semanticErrors.push({ message, range, expected: [] });
  }

  /** Where the next token starts (the end of the text at end of input). */
  protected nextOffset(): number {
    const next = this.LA(1);
    return isMissing(next) ? this.source.text.length : next.startOffset;
  }

  /** A token's start; for a token recovery invented, where the last real one ended. */
  protected startOf(token: IToken): number {
    if (!isMissing(token)) return token.startOffset;
    const last = this.LA(0);
    return isMissing(last) ? 0 : last.startOffset + last.image.length;
  }

  /** From `start` to the end of the last token consumed (empty when none was consumed since). */
  protected rangeFrom(start: number): SourceRange {
    const last = this.LA(0);
    const end = isMissing(last) ? start : last.startOffset + last.image.length;
    return this.source.range(start, Math.max(start, end));
  }

  protected tokenRange(token: IToken): SourceRange {
    return this.source.range(token.startOffset, token.startOffset + token.image.length);
  }

  protected slice(range: SourceRange): string {
    return this.source.text.slice(range.start, range.end);
  }
}
/** Tokens that recovery inserted, and the virtual end-of-input token, have no position. */
export function isMissing(token: IToken): boolean {
  return !(token.startOffset >= 0) || token.isInsertedInRecovery === true;
}

export function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}
