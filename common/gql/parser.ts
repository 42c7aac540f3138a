/**
 * The GQL grammar's statement, in two forms that share every pattern and expression rule:
 * `[EXPLAIN] SELECT … FROM "<model>" MATCH … [WHERE] [ORDER BY] [LIMIT] [OFFSET]`, and ISO GQL's
 * and openCypher's `[EXPLAIN] MATCH … [WHERE] … RETURN … [ORDER BY] [SKIP|OFFSET] [LIMIT]`
 * (ast.ts, GqlStatement), on the path, pattern and expression rules below it (./path_rules.ts,
 * ./pattern_rules.ts, ./expression_rules.ts, ./parser_base.ts), with embedded actions that build the syntax tree of
 * ./ast.ts directly.
 *
 * Clauses are rules of their own so that a broken clause is skipped (re-sync) without losing the
 * rest of the statement, and the statement is built in `draft` as clauses complete, so even a
 * failing top rule leaves what was understood.
 */
import { type IToken, tokenMatcher } from 'chevrotain';
import type {
  Expression,
  OptionalMatch,
  OrderItem,
  PathPattern,
  SelectItem,
  SourceRange,
} from './ast';
import { TooManyErrors } from './error_messages';
import { isMissing } from './parser_base';
import { GqlPathRules } from './path_rules';
import { SourceText } from './source_text';
import * as T from './tokens';
import { unquoteDouble } from './unescape';

export { MAX_SYNTAX_ERRORS } from './parser_base';

/** The statement as far as it was understood; parseGql turns it into a GqlStatement. */
export interface StatementDraft {
  form: 'select' | 'match';
  explain: boolean;
  distinct: boolean;
  items: SelectItem[];
  graph?: { name: string; range: SourceRange };
  patterns: PathPattern[];
  where?: Expression;
  /** The OPTIONAL MATCH clauses read so far. */
  optional: OptionalMatch[];
  orderBy: OrderItem[];
  limit?: { value: number; range: SourceRange };
  offset?: { value: number; range: SourceRange };
}

function emptyDraft(): StatementDraft {
  return {
    form: 'select',
    explain: false,
    distinct: false,
    items: [],
    patterns: [],
    optional: [],
    orderBy: [],
  };
}

export class GqlParser extends GqlPathRules {
  private draft = emptyDraft();
  /** The OPTIONAL MATCH clause being read: where patterns and WHERE go (else the statement's). */
  private clause: OptionalMatch | undefined;

  constructor(options: { validate?: boolean } = {}) {
    super(options);
    // Every layer's rules are defined by now (class fields run base first).
    this.performSelfAnalysis();
  }

  /**
   * Parses one token vector; the parser keeps no state from one call to the next. `stopped`
   * says the parse gave up after MAX_SYNTAX_ERRORS errors.
   */
  run(tokens: IToken[], source: SourceText) {
    this.source = source;
    this.draft = emptyDraft();
    this.clause = undefined;
    this.semanticErrors = [];
    this.budget.used = 0;
    this.input = tokens;
    let stopped = false;
    try {
      this.statement();
    } catch (error) {
      if (!(error instanceof TooManyErrors)) throw error;
      stopped = true;
    }
    const start = tokens.length > 0 ? tokens[0].startOffset : 0;
    const outcome = {
      draft: this.draft,
      range: this.rangeFrom(start),
      errors: this.errors,
      semanticErrors: this.semanticErrors,
      stopped,
    };
    // Hold on to nothing from this query until the next one.
    this.input = [];
    this.source = new SourceText('');
    this.draft = emptyDraft();
    this.semanticErrors = [];
    return outcome;
  }

  protected statement = this.RULE('statement', () => {
    this.OPTION(() => {
      this.CONSUME(T.KW.EXPLAIN);
      this.ACTION(() => (this.draft.explain = true));
    });
    this.OR([
      { ALT: () => this.SUBRULE(this.selectStatement) },
      { ALT: () => this.SUBRULE(this.matchStatement) },
    ]);
    this.OPTION2(() => this.CONSUME(T.Semicolon));
  });

  protected selectStatement = this.RULE('selectStatement', () => {
    this.SUBRULE(this.selectClause);
    this.SUBRULE(this.fromClause);
    this.SUBRULE(this.matchClause);
    this.OPTION(() => this.SUBRULE(this.whereClause));
    this.OPTION2(() => this.SUBRULE(this.orderByClause));
    this.OPTION3(() => this.SUBRULE(this.limitClause));
    this.OPTION4(() => this.SUBRULE(this.offsetClause));
  });

  protected matchStatement = this.RULE('matchStatement', () => {
    this.ACTION(() => (this.draft.form = 'match'));
    this.AT_LEAST_ONE(() => this.SUBRULE(this.readingClause));
    this.SUBRULE(this.returnClause);
    this.OPTION(() => this.SUBRULE(this.orderByClause));
    this.OPTION2(() => this.SUBRULE(this.skipClause));
    this.OPTION3(() => this.SUBRULE2(this.limitClause));
  });

  /**
   * `[OPTIONAL] MATCH patterns [WHERE condition]`: MATCH clauses' patterns and conditions join the
   * statement's (conditions ANDed); each OPTIONAL MATCH is a clause of its own (ast.ts,
   * OptionalMatch), after every MATCH.
   */
  protected readingClause = this.RULE('readingClause', () => {
    const start = this.ACTION(() => this.nextOffset());
    const optional = this.OPTION(() => this.CONSUME(T.KW.OPTIONAL));
    const keyword = this.ACTION(() => this.LA(1));
    this.ACTION(() => {
      this.clause = undefined;
      if (optional && !isMissing(optional)) {
        // First, it extends the one empty row: its matches, or one row of nulls (Cypher's).
        this.clause = { patterns: [], range: this.rangeFrom(start) };
        this.draft.optional.push(this.clause);
      } else if (this.draft.optional.length > 0 && !isMissing(keyword)) {
        // Cypher would drop the rows whose optional variables are null there; say so instead.
        this.semanticError(
          'a MATCH after an OPTIONAL MATCH is not supported: write every MATCH clause before the OPTIONAL MATCH clauses',
          this.tokenRange(keyword)
        );
      }
    });
    this.SUBRULE(this.matchClause);
    this.OPTION2(() => this.SUBRULE(this.whereClause));
    this.ACTION(() => {
      if (this.clause) this.clause.range = this.rangeFrom(start);
      this.clause = undefined;
    });
  });

  protected returnClause = this.RULE('returnClause', () => {
    this.CONSUME(T.KW.RETURN);
    this.OPTION(() => {
      this.CONSUME(T.KW.DISTINCT);
      this.ACTION(() => (this.draft.distinct = true));
    });
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.returnItem),
      ERR_MSG: 'an expression to return',
    });
  });

  /** `expression [AS name]`: the alias is the item's header and what ORDER BY may name. */
  protected returnItem = this.RULE('returnItem', () => {
    const start = this.ACTION(() => this.nextOffset());
    const expression = this.SUBRULE(this.expression);
    const alias = this.OPTION(() => {
      this.CONSUME(T.KW.AS);
      return this.CONSUME(T.VariableName);
    });
    this.ACTION(() => {
      if (!expression) return;
      const range = this.rangeFrom(start);
      const name = this.identifier(alias);
      if (name === undefined) {
        // Without AS, the header is the item as written, as in the SELECT form.
        const written = this.slice(range);
        this.draft.items.push({ expression, text: written, range });
      } else {
        this.draft.items.push({ expression, text: name.name, alias: name, range });
      }
    });
  });

  /** Cypher's SKIP and GQL's OFFSET, before LIMIT in this form. */
  protected skipClause = this.RULE('skipClause', () => {
    const keyword = this.OR([
      { ALT: () => this.CONSUME(T.KW.SKIP) },
      { ALT: () => this.CONSUME(T.KW.OFFSET) },
    ]);
    const count = this.CONSUME(T.NumberLiteral);
    this.ACTION(() => {
      const value = this.nonNegativeInteger(count, keyword.image.toUpperCase());
      if (value !== undefined) this.draft.offset = { value, range: this.tokenRange(count) };
    });
  });

  protected selectClause = this.RULE('selectClause', () => {
    this.CONSUME(T.KW.SELECT);
    this.OPTION(() => {
      this.CONSUME(T.KW.DISTINCT);
      this.ACTION(() => (this.draft.distinct = true));
    });
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.selectItem),
      ERR_MSG: 'an expression to select',
    });
  });

  protected selectItem = this.RULE('selectItem', () => {
    const start = this.ACTION(() => this.nextOffset());
    const expression = this.SUBRULE(this.expression);
    this.ACTION(() => {
      if (!expression) return;
      const range = this.rangeFrom(start);
      this.draft.items.push({ expression, text: this.slice(range), range });
    });
  });

  protected fromClause = this.RULE('fromClause', () => {
    this.CONSUME(T.KW.FROM);
    const name = this.CONSUME(T.QuotedText);
    this.ACTION(() => {
      if (isMissing(name)) return;
      this.draft.graph = {
        name: unquoteDouble(name.image, tokenMatcher(name, T.DoubleQuoted)),
        range: this.tokenRange(name),
      };
    });
  });

  protected matchClause = this.RULE('matchClause', () => {
    this.CONSUME(T.KW.MATCH);
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => {
        const pattern = this.SUBRULE(this.namedPath);
        this.ACTION(() => pattern && (this.clause ?? this.draft).patterns.push(pattern));
      },
      ERR_MSG: 'a pattern such as (v:Label)',
    });
  });

  protected whereClause = this.RULE('whereClause', () => {
    this.CONSUME(T.KW.WHERE);
    const where = this.SUBRULE(this.expression);
    this.ACTION(() => {
      if (!where) return;
      const target = this.clause ?? this.draft;
      const before = target.where;
      target.where = before
        ? {
            kind: 'and',
            left: before,
            right: where,
            range: this.source.range(before.range.start, where.range.end),
          }
        : where;
    });
  });

  protected orderByClause = this.RULE('orderByClause', () => {
    this.CONSUME(T.KW.ORDER);
    this.CONSUME(T.KW.BY);
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.orderItem),
      ERR_MSG: 'an expression to order by',
    });
  });

  protected orderItem = this.RULE('orderItem', () => {
    const start = this.ACTION(() => this.nextOffset());
    const expression = this.SUBRULE(this.expression);
    const written = this.ACTION(() => this.rangeFrom(start));
    const descending = this.OPTION(() =>
      this.OR([
        { ALT: () => this.CONSUME(T.KW.ASC) && false },
        { ALT: () => this.CONSUME(T.KW.DESC) && true },
      ])
    );
    this.ACTION(() => {
      if (!expression) return;
      this.draft.orderBy.push({
        expression,
        text: this.slice(written),
        descending: descending === true,
        range: this.rangeFrom(start),
      });
    });
  });

  protected limitClause = this.RULE('limitClause', () => {
    this.CONSUME(T.KW.LIMIT);
    const count = this.CONSUME(T.NumberLiteral);
    this.ACTION(() => {
      const value = this.nonNegativeInteger(count, 'LIMIT');
      if (value !== undefined) this.draft.limit = { value, range: this.tokenRange(count) };
    });
  });

  protected offsetClause = this.RULE('offsetClause', () => {
    this.CONSUME(T.KW.OFFSET);
    const count = this.CONSUME(T.NumberLiteral);
    this.ACTION(() => {
      const value = this.nonNegativeInteger(count, 'OFFSET');
      if (value !== undefined) this.draft.offset = { value, range: this.tokenRange(count) };
    });
  });
}
