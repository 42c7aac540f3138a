/**
 * The GQL grammar, with embedded actions that build the syntax tree of ./ast.ts directly.
 *
 * Error recovery is on, so a query with mistakes still yields a best-effort tree and every error.
 * Any sub-rule may therefore return `undefined` (the part that could not be parsed), and the
 * actions drop such parts instead of failing. Clauses are rules of their own so that a broken
 * clause is skipped (re-sync) without losing the rest of the statement, and the statement is built
 * in `draft` as clauses complete, so even a failing top rule leaves what was understood.
 *
 * Expressions never recurse except through parentheses (`NOT NOT x` is a loop), and parseGql caps
 * the parenthesis depth before parsing, so hostile input cannot exhaust the stack.
 */
import { EmbeddedActionsParser, IToken, tokenMatcher } from 'chevrotain';
import type {
  AggregateFunction,
  ComparisonOperator,
  EdgePattern,
  Expression,
  GqlSyntaxError,
  Identifier,
  NodePattern,
  OrderItem,
  PathPattern,
  SelectItem,
  SourceRange,
} from './ast';
import { budgetedErrorMessages, TooManyErrors } from './error_messages';
import { SourceText } from './source_text';
import * as T from './tokens';
import { unquoteBackquoted, unquoteDouble, unquoteSingle } from './unescape';

/** The statement as far as it was understood; parseGql turns it into a GqlStatement. */
export interface StatementDraft {
  explain: boolean;
  distinct: boolean;
  items: SelectItem[];
  graph?: { name: string; range: SourceRange };
  patterns: PathPattern[];
  where?: Expression;
  orderBy: OrderItem[];
  limit?: { value: number; range: SourceRange };
  offset?: { value: number; range: SourceRange };
}

interface EdgeBody {
  variable?: Identifier;
  label?: Identifier;
}

/** Syntax errors after which a parse stops (each one costs chevrotain an exception). */
export const MAX_SYNTAX_ERRORS = 100;

function emptyDraft(): StatementDraft {
  return { explain: false, distinct: false, items: [], patterns: [], orderBy: [] };
}

export class GqlParser extends EmbeddedActionsParser {
  private source = new SourceText('');
  private draft = emptyDraft();
  /** Errors the actions find (bad quantifier, `SUM(*)`, LIMIT 1.5), reset for every parse. */
  private semanticErrors: GqlSyntaxError[] = [];
  private readonly budget: { used: number; limit: number };

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
    this.performSelfAnalysis();
  }

  /**
   * Parses one token vector; the parser keeps no state from one call to the next. `stopped`
   * says the parse gave up after MAX_SYNTAX_ERRORS errors.
   */
  run(tokens: IToken[], source: SourceText) {
    this.source = source;
    this.draft = emptyDraft();
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

  // ---- statement and clauses -------------------------------------------------------------

  private statement = this.RULE('statement', () => {
    this.OPTION(() => {
      this.CONSUME(T.KW.EXPLAIN);
      this.ACTION(() => (this.draft.explain = true));
    });
    this.SUBRULE(this.selectClause);
    this.SUBRULE(this.fromClause);
    this.SUBRULE(this.matchClause);
    this.OPTION2(() => this.SUBRULE(this.whereClause));
    this.OPTION3(() => this.SUBRULE(this.orderByClause));
    this.OPTION4(() => this.SUBRULE(this.limitClause));
    this.OPTION5(() => this.SUBRULE(this.offsetClause));
    this.OPTION6(() => this.CONSUME(T.Semicolon));
  });

  private selectClause = this.RULE('selectClause', () => {
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

  private selectItem = this.RULE('selectItem', () => {
    const start = this.ACTION(() => this.nextOffset());
    const expression = this.SUBRULE(this.expression);
    this.ACTION(() => {
      if (!expression) return;
      const range = this.rangeFrom(start);
      this.draft.items.push({ expression, text: this.slice(range), range });
    });
  });

  private fromClause = this.RULE('fromClause', () => {
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

  private matchClause = this.RULE('matchClause', () => {
    this.CONSUME(T.KW.MATCH);
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => {
        const pattern = this.SUBRULE(this.pathPattern);
        this.ACTION(() => pattern && this.draft.patterns.push(pattern));
      },
      ERR_MSG: 'a pattern such as (v:Label)',
    });
  });

  private whereClause = this.RULE('whereClause', () => {
    this.CONSUME(T.KW.WHERE);
    const where = this.SUBRULE(this.expression);
    this.ACTION(() => (this.draft.where = where));
  });

  private orderByClause = this.RULE('orderByClause', () => {
    this.CONSUME(T.KW.ORDER);
    this.CONSUME(T.KW.BY);
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.orderItem),
      ERR_MSG: 'an expression to order by',
    });
  });

  private orderItem = this.RULE('orderItem', () => {
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

  private limitClause = this.RULE('limitClause', () => {
    this.CONSUME(T.KW.LIMIT);
    const count = this.CONSUME(T.NumberLiteral);
    this.ACTION(() => {
      const value = this.nonNegativeInteger(count, 'LIMIT');
      if (value !== undefined) this.draft.limit = { value, range: this.tokenRange(count) };
    });
  });

  private offsetClause = this.RULE('offsetClause', () => {
    this.CONSUME(T.KW.OFFSET);
    const count = this.CONSUME(T.NumberLiteral);
    this.ACTION(() => {
      const value = this.nonNegativeInteger(count, 'OFFSET');
      if (value !== undefined) this.draft.offset = { value, range: this.tokenRange(count) };
    });
  });

  // ---- patterns --------------------------------------------------------------------------

  private pathPattern = this.RULE('pathPattern', (): PathPattern | undefined => {
    const start = this.ACTION(() => this.nextOffset());
    const steps: { edge?: EdgePattern; group?: NodePattern[] }[] = [];
    const first = this.SUBRULE(this.nodeGroup);
    this.ACTION(() => steps.push({ group: first }));
    this.MANY(() => {
      const edge = this.SUBRULE(this.edge);
      const group = this.SUBRULE2(this.nodeGroup);
      this.ACTION(() => steps.push({ edge, group }));
    });
    return this.ACTION(() => {
      // Keep `edges.length === nodes.length - 1` whatever was lost to errors.
      const nodes: NodePattern[][] = [];
      const edges: EdgePattern[] = [];
      for (const { edge, group } of steps) {
        if (!group || group.length === 0) continue;
        if (nodes.length === 0) nodes.push(group);
        else if (edge) {
          edges.push(edge);
          nodes.push(group);
        }
      }
      return nodes.length > 0 ? { nodes, edges, range: this.rangeFrom(start) } : undefined;
    });
  });

  private nodeGroup = this.RULE('nodeGroup', (): NodePattern[] => {
    const group: NodePattern[] = [];
    this.AT_LEAST_ONE({
      DEF: () => {
        const node = this.SUBRULE(this.node);
        this.ACTION(() => node && group.push(node));
      },
      ERR_MSG: 'a node pattern such as (v:Label)',
    });
    return group;
  });

  private node = this.RULE('node', (): NodePattern | undefined => {
    const open = this.CONSUME(T.LParen);
    const variable = this.OPTION(() => this.CONSUME(T.VariableName));
    const label = this.OPTION2(() => {
      this.CONSUME(T.Colon);
      return this.CONSUME(T.Name);
    });
    const query = this.OPTION3(() => {
      this.CONSUME(T.KW.WHERE);
      return this.CONSUME(T.QuotedText);
    });
    this.CONSUME(T.RParen);
    return this.ACTION(() => {
      const node: NodePattern = { range: this.rangeFrom(this.startOf(open)) };
      const v = this.identifier(variable);
      if (v) node.variable = v;
      const l = this.identifier(label);
      if (l) node.label = l;
      if (query && !isMissing(query)) {
        node.where = {
          query: unquoteDouble(query.image, tokenMatcher(query, T.DoubleQuoted)),
          range: this.tokenRange(query),
        };
      }
      return node;
    });
  });

  /** `-[..]->`, `-[..]-`, `-`, `->`, `<-[..]-`, `<-`, then an optional `{min,max}`. */
  private edge = this.RULE('edge', (): EdgePattern | undefined => {
    const start = this.ACTION(() => this.nextOffset());
    let direction: EdgePattern['direction'] = 'undirected';
    let body: EdgeBody | undefined;
    this.OR({
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.Minus);
            this.OPTION(() => {
              body = this.SUBRULE(this.edgeBody);
              this.OR2([
                {
                  ALT: () => {
                    this.CONSUME(T.RightArrow);
                    direction = 'right';
                  },
                },
                { ALT: () => this.CONSUME2(T.Minus) },
              ]);
            });
          },
        },
        {
          ALT: () => {
            this.CONSUME2(T.RightArrow);
            direction = 'right';
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.LeftArrow);
            direction = 'left';
            this.OPTION2(() => {
              body = this.SUBRULE2(this.edgeBody);
              this.CONSUME3(T.Minus);
            });
          },
        },
      ],
      ERR_MSG: 'an edge such as -[e:REL]-> or ->',
    });
    const quantifier = this.OPTION3(() => this.SUBRULE(this.quantifier));
    return this.ACTION(() => {
      const edge: EdgePattern = { direction, range: this.rangeFrom(start) };
      if (body?.variable) edge.variable = body.variable;
      if (body?.label) edge.label = body.label;
      if (quantifier) edge.quantifier = quantifier;
      return edge;
    });
  });

  private edgeBody = this.RULE('edgeBody', (): EdgeBody => {
    this.CONSUME(T.LBracket);
    const variable = this.OPTION(() => this.CONSUME(T.VariableName));
    const label = this.OPTION2(() => {
      this.CONSUME(T.Colon);
      return this.CONSUME(T.Name);
    });
    this.CONSUME(T.RBracket);
    return this.ACTION(() => ({
      variable: this.identifier(variable),
      label: this.identifier(label),
    }));
  });

  private quantifier = this.RULE('quantifier', () => {
    const open = this.CONSUME(T.LBrace);
    const low = this.CONSUME(T.NumberLiteral);
    const high = this.OPTION(() => {
      this.CONSUME(T.Comma);
      return this.CONSUME2(T.NumberLiteral);
    });
    this.CONSUME(T.RBrace);
    return this.ACTION(() => {
      const range = this.rangeFrom(this.startOf(open));
      const min = this.nonNegativeInteger(low, 'a quantifier bound');
      const max = high ? this.nonNegativeInteger(high, 'a quantifier bound') : min;
      if (min === undefined || max === undefined) return undefined;
      const written = this.slice(range);
      if (min < 1) {
        this.semanticError(
          `the quantifier ${written} must have a lower bound of at least 1`,
          range
        );
      } else if (min > max) {
        this.semanticError(
          `the quantifier ${written} has a lower bound above its upper bound`,
          range
        );
      }
      return { min, max, range };
    });
  });

  // ---- expressions -----------------------------------------------------------------------

  private expression = this.RULE('expression', (): Expression | undefined => {
    const start = this.ACTION(() => this.nextOffset());
    let left = this.SUBRULE(this.andExpression);
    this.MANY(() => {
      this.CONSUME(T.KW.OR);
      const right = this.SUBRULE2(this.andExpression);
      left = this.ACTION(() => this.binary('or', left, right, start));
    });
    return left;
  });

  private andExpression = this.RULE('andExpression', (): Expression | undefined => {
    const start = this.ACTION(() => this.nextOffset());
    let left = this.SUBRULE(this.notExpression);
    this.MANY(() => {
      this.CONSUME(T.KW.AND);
      const right = this.SUBRULE2(this.notExpression);
      left = this.ACTION(() => this.binary('and', left, right, start));
    });
    return left;
  });

  private notExpression = this.RULE('notExpression', (): Expression | undefined => {
    const nots: IToken[] = [];
    this.MANY(() => {
      const not = this.CONSUME(T.KW.NOT);
      this.ACTION(() => nots.push(not));
    });
    const operand = this.SUBRULE(this.predicate);
    return this.ACTION(() => {
      let result = operand;
      for (let i = nots.length - 1; i >= 0 && result; i--) {
        result = { kind: 'not', operand: result, range: this.rangeFrom(this.startOf(nots[i])) };
      }
      return result;
    });
  });

  private predicate = this.RULE('predicate', (): Expression | undefined => {
    const start = this.ACTION(() => this.nextOffset());
    const operand = this.SUBRULE(this.operand);
    const combined = this.OPTION(() =>
      this.OR([
        {
          ALT: (): Expression | undefined => {
            const operator = this.SUBRULE(this.comparisonOperator);
            const right = this.SUBRULE2(this.operand);
            return this.ACTION(() =>
              operand && right && operator
                ? {
                    kind: 'comparison',
                    operator,
                    left: operand,
                    right,
                    range: this.rangeFrom(start),
                  }
                : operand
            );
          },
        },
        {
          ALT: (): Expression | undefined => {
            const not = this.OPTION2(() => this.CONSUME(T.KW.NOT));
            this.CONSUME(T.KW.IN);
            const list = this.SUBRULE(this.list);
            return this.ACTION(() =>
              operand && list
                ? { kind: 'in', operand, list, negated: !!not, range: this.rangeFrom(start) }
                : operand
            );
          },
        },
        {
          ALT: (): Expression | undefined => {
            this.CONSUME(T.KW.IS);
            const not = this.OPTION3(() => this.CONSUME2(T.KW.NOT));
            this.CONSUME(T.KW.NULL);
            return this.ACTION(() =>
              operand
                ? { kind: 'isNull', operand, negated: !!not, range: this.rangeFrom(start) }
                : operand
            );
          },
        },
        {
          ALT: (): Expression | undefined => {
            this.CONSUME(T.KW.STARTS);
            this.CONSUME(T.KW.WITH);
            const prefix = this.SUBRULE3(this.operand);
            return this.ACTION(() =>
              operand && prefix
                ? { kind: 'startsWith', operand, prefix, range: this.rangeFrom(start) }
                : operand
            );
          },
        },
      ])
    );
    return combined ?? operand;
  });

  private comparisonOperator = this.RULE('comparisonOperator', (): ComparisonOperator => {
    return this.OR([
      { ALT: () => this.CONSUME(T.Equals) && ('=' as const) },
      { ALT: () => this.CONSUME(T.NotEquals) && ('<>' as const) },
      { ALT: () => this.CONSUME(T.Less) && ('<' as const) },
      { ALT: () => this.CONSUME(T.LessOrEqual) && ('<=' as const) },
      { ALT: () => this.CONSUME(T.Greater) && ('>' as const) },
      { ALT: () => this.CONSUME(T.GreaterOrEqual) && ('>=' as const) },
    ]);
  });

  private operand = this.RULE('operand', (): Expression | undefined => {
    return this.OR({
      DEF: [
        { ALT: () => this.SUBRULE(this.literal) },
        { ALT: () => this.SUBRULE(this.list) },
        { ALT: () => this.SUBRULE(this.aggregate) },
        { ALT: () => this.SUBRULE(this.reference) },
        {
          ALT: () => {
            this.CONSUME(T.LParen);
            const inner = this.SUBRULE(this.expression);
            this.CONSUME(T.RParen);
            return inner;
          },
        },
      ],
      ERR_MSG: 'an expression',
    });
  });

  /** `v` or `v.a.b`. */
  private reference = this.RULE('reference', (): Expression | undefined => {
    const variableToken = this.CONSUME(T.VariableName);
    const names: IToken[] = [];
    this.MANY(() => {
      this.CONSUME(T.Dot);
      const name = this.CONSUME(T.Name);
      this.ACTION(() => names.push(name));
    });
    return this.ACTION((): Expression | undefined => {
      const variable = this.identifier(variableToken);
      if (!variable) return undefined;
      const range = this.rangeFrom(this.startOf(variableToken));
      const path = names.map((name) => this.identifier(name)?.name).filter(isDefined);
      return path.length > 0
        ? { kind: 'property', variable, path, range }
        : { kind: 'variable', variable, range };
    });
  });

  private aggregate = this.RULE('aggregate', (): Expression | undefined => {
    const name = this.OR([
      { ALT: () => this.CONSUME(T.KW.COUNT) },
      { ALT: () => this.CONSUME(T.KW.SUM) },
      { ALT: () => this.CONSUME(T.KW.AVG) },
      { ALT: () => this.CONSUME(T.KW.MIN) },
      { ALT: () => this.CONSUME(T.KW.MAX) },
    ]);
    this.CONSUME(T.LParen);
    const argument = this.OR2({
      DEF: [
        { ALT: () => ({ star: this.CONSUME(T.Star), distinct: false, expression: undefined }) },
        {
          ALT: () => {
            const distinct = this.OPTION(() => this.CONSUME(T.KW.DISTINCT));
            const expression = this.SUBRULE(this.expression);
            return { star: undefined, distinct: !!distinct, expression };
          },
        },
      ],
      ERR_MSG: 'an expression or *',
    });
    this.CONSUME(T.RParen);
    return this.ACTION((): Expression | undefined => {
      const fn = name.image.toUpperCase() as AggregateFunction;
      if (argument?.star && fn !== 'COUNT') {
        this.semanticError(
          `${fn}(*) is not allowed: only COUNT accepts *, ${fn} needs an expression such as ${fn}(v.field)`,
          this.tokenRange(argument.star)
        );
      }
      if (!argument || (!argument.star && !argument.expression)) return undefined;
      return {
        kind: 'aggregate',
        function: fn,
        distinct: argument.distinct,
        argument: argument.expression ?? null,
        range: this.rangeFrom(this.startOf(name)),
      };
    });
  });

  private list = this.RULE('list', (): Expression | undefined => {
    const open = this.CONSUME(T.LBracket);
    const items: Expression[] = [];
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        const item = this.SUBRULE(this.literal);
        this.ACTION(() => item && items.push(item));
      },
    });
    this.CONSUME(T.RBracket);
    return this.ACTION(() => ({ kind: 'list', items, range: this.rangeFrom(this.startOf(open)) }));
  });

  private literal = this.RULE('literal', (): Expression | undefined => {
    const { token, value } = this.OR({
      DEF: [
        {
          ALT: () => {
            const token = this.CONSUME(T.StringLiteral);
            return {
              token,
              value: this.ACTION(() =>
                unquoteSingle(token.image, tokenMatcher(token, T.SingleQuoted))
              ) as string | number | boolean | null,
            };
          },
        },
        {
          ALT: () => {
            const token = this.CONSUME(T.NumberLiteral);
            return { token, value: this.ACTION(() => this.number(token)) };
          },
        },
        { ALT: () => ({ token: this.CONSUME(T.KW.TRUE), value: true }) },
        { ALT: () => ({ token: this.CONSUME(T.KW.FALSE), value: false }) },
        { ALT: () => ({ token: this.CONSUME(T.KW.NULL), value: null }) },
      ],
      ERR_MSG: 'a value (string, number, TRUE, FALSE or NULL)',
    }) ?? { token: undefined, value: null };
    return this.ACTION(() =>
      token && !isMissing(token)
        ? { kind: 'literal', value, range: this.tokenRange(token) }
        : undefined
    );
  });

  // ---- helpers for the actions -----------------------------------------------------------

  private binary(
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
  private identifier(token: IToken | undefined): Identifier | undefined {
    if (!token || isMissing(token)) return undefined;
    const range = this.tokenRange(token);
    if (tokenMatcher(token, T.Identifier) || tokenMatcher(token, T.Keyword)) {
      return { name: token.image, range };
    }
    const name = unquoteBackquoted(token.image, tokenMatcher(token, T.Backquoted));
    if (name === '') this.semanticError('a name cannot be empty', range);
    return { name, range };
  }

  private number(token: IToken): number | null {
    const value = Number(token.image);
    if (Number.isFinite(value)) return value;
    this.semanticError(`the number ${token.image} is out of range`, this.tokenRange(token));
    return null;
  }

  private nonNegativeInteger(token: IToken, what: string): number | undefined {
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

  private semanticError(message: string, range: SourceRange): void {
    this.semanticErrors.push({ message, range, expected: [] });
  }

  /** Where the next token starts (the end of the text at end of input). */
  private nextOffset(): number {
    const next = this.LA(1);
    return isMissing(next) ? this.source.text.length : next.startOffset;
  }

  /** A token's start; for a token recovery invented, where the last real one ended. */
  private startOf(token: IToken): number {
    if (!isMissing(token)) return token.startOffset;
    const last = this.LA(0);
    return isMissing(last) ? 0 : last.startOffset + last.image.length;
  }

  /** From `start` to the end of the last token consumed (empty when none was consumed since). */
  private rangeFrom(start: number): SourceRange {
    const last = this.LA(0);
    const end = isMissing(last) ? start : last.startOffset + last.image.length;
    return this.source.range(start, Math.max(start, end));
  }

  private tokenRange(token: IToken): SourceRange {
    return this.source.range(token.startOffset, token.startOffset + token.image.length);
  }

  private slice(range: SourceRange): string {
    return this.source.text.slice(range.start, range.end);
  }
}

/** Tokens that recovery inserted, and the virtual end-of-input token, have no position. */
function isMissing(token: IToken): boolean {
  return !(token.startOffset >= 0) || token.isInsertedInRecovery === true;
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}
