/**
 * Parsing a GQL query costs more than most of what a small query then does: about 0.6 ms of CPU
 * for a one-line `MATCH … RETURN` (chevrotain's lexer and parser, then the walk to our AST),
 * while its reads take a few. Dashboards, scripts and the app's saved queries send the same texts
 * again and again, so each process keeps the statements of the texts it parsed last, as
 * databases keep prepared statements.
 *
 * A kept statement is frozen, deep: every request shares it, and a binder that wrote into it
 * would throw (modules run in strict mode) instead of changing the next request's query. Only
 * texts that parsed are kept; an error is parsed again (and costs what it costs).
 */
import { parseGql } from '../../../common/gql';
import type { GqlParseResult, GqlStatement } from '../../../common/gql/ast';

/** Texts kept, and the longest text kept: a cache of many large queries is not worth its memory. */
const MAX_ENTRIES = 256;
const MAX_TEXT_LENGTH = 16 * 1024;

export class ParsedStatements {
  /** Text → statement, least recently used first. */
  private readonly kept = new Map<string, GqlStatement>();

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxTextLength = MAX_TEXT_LENGTH
  ) {}

  parse(text: string): GqlParseResult {
    const kept = this.kept.get(text);
    if (kept !== undefined) {
      this.kept.delete(text);
      this.kept.set(text, kept);
      return { statement: kept, errors: [] };
    }
    const parsed = parseGql(text);
    if (
      parsed.statement !== null &&
      parsed.errors.length === 0 &&
      text.length <= this.maxTextLength
    ) {
      this.kept.set(text, deepFreeze(parsed.statement));
      if (this.kept.size > this.maxEntries) this.kept.delete(this.kept.keys().next().value!);
    }
    return parsed;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}

/** The process's statements: one per process, as the parser is. */
export const parsedStatements = new ParsedStatements();
