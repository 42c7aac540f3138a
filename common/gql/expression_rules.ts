/**
 * The expression rules of the GQL grammar (WHERE, SELECT items, ORDER BY): boolean operators,
 * comparisons, IN lists, aggregates, references and literals.
 *
 * Expressions never recurse except through parentheses (`NOT NOT x` is a loop), and parseGql caps
 * the parenthesis depth before parsing, so hostile input cannot exhaust the stack.
 */
import { type IToken, tokenMatcher } from 'chevrotain';
import type { AggregateFunction, ComparisonOperator, Expression } from './ast';
import { GqlParserBase, isDefined, isMissing } from './parser_base';
import * as T from './tokens';
import { listComprehension, pathFunctionCall } from './path_functions';
import { unquoteSingle } from './unescape';

export class GqlExpressionRules extends GqlParserBase {
  protected expression = this.RULE('expression', (): Expression | undefined => {
    const start = this.ACTION(() => this.nextOffset());
    let left = this.SUBRULE(this.andExpression);
    this.MANY(() => {
      this.CONSUME(T.KW.OR);
      const right = this.SUBRULE2(this.andExpression);
      left = this.ACTION(() => this.binary('or', left, right, start));
    });
    return left;
  });

  protected andExpression = this.RULE('andExpression', (): Expression | undefined => {
    const start = this.ACTION(() => this.nextOffset());
    let left = this.SUBRULE(this.notExpression);
    this.MANY(() => {
      this.CONSUME(T.KW.AND);
      const right = this.SUBRULE2(this.notExpression);
      left = this.ACTION(() => this.binary('and', left, right, start));
    });
    return left;
  });

  protected notExpression = this.RULE('notExpression', (): Expression | undefined => {
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

  protected predicate = this.RULE('predicate', (): Expression | undefined => {
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

  protected comparisonOperator = this.RULE('comparisonOperator', (): ComparisonOperator => {
    return this.OR([
      { ALT: () => this.CONSUME(T.Equals) && ('=' as const) },
      { ALT: () => this.CONSUME(T.NotEquals) && ('<>' as const) },
      { ALT: () => this.CONSUME(T.Less) && ('<' as const) },
      { ALT: () => this.CONSUME(T.LessOrEqual) && ('<=' as const) },
      { ALT: () => this.CONSUME(T.Greater) && ('>' as const) },
      { ALT: () => this.CONSUME(T.GreaterOrEqual) && ('>=' as const) },
    ]);
  });

  protected operand = this.RULE('operand', (): Expression | undefined => {
    return this.OR({
      DEF: [
        { ALT: () => this.SUBRULE(this.literal) },
        { ALT: () => this.SUBRULE(this.list) },
        { ALT: () => this.SUBRULE(this.listComprehension) },
        { ALT: () => this.SUBRULE(this.aggregate) },
        { ALT: () => this.SUBRULE(this.pathFunction) },
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

  /** `length(p)`, `path_length(p)`, `nodes(p)`: functions of a path variable (./path_functions.ts). */
  protected pathFunction = this.RULE('pathFunction', (): Expression | undefined => {
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.LParen);
    const argument = this.CONSUME(T.VariableName);
    this.CONSUME(T.RParen);
    return this.ACTION(() =>
      pathFunctionCall(
        this.identifier(name),
        this.identifier(argument),
        this.rangeFrom(this.startOf(name)),
        (m, r) => this.semanticError(m, r)
      )
    );
  });

  /** `[n IN nodes(p) WHERE condition | projection]`, both parts optional. */
  protected listComprehension = this.RULE('listComprehension', (): Expression | undefined => {
    const open = this.CONSUME(T.LBracket);
    const variable = this.CONSUME(T.VariableName);
    this.CONSUME(T.KW.IN);
    const source = this.SUBRULE(this.pathFunction);
    const where = this.OPTION(() => {
      this.CONSUME(T.KW.WHERE);
      return this.SUBRULE(this.expression);
    });
    const projection = this.OPTION2(() => {
      this.CONSUME(T.Pipe);
      return this.SUBRULE2(this.expression);
    });
    this.CONSUME(T.RBracket);
    return this.ACTION(() =>
      listComprehension(
        this.identifier(variable),
        source,
        where,
        projection,
        this.rangeFrom(this.startOf(open)),
        (m, r) => this.semanticError(m, r)
      )
    );
  });

  /** `v` or `v.a.b`. */
  protected reference = this.RULE('reference', (): Expression | undefined => {
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

  protected aggregate = this.RULE('aggregate', (): Expression | undefined => {
    const name = this.OR([
      { ALT: () => this.CONSUME(T.KW.COUNT) },
      { ALT: () => this.CONSUME(T.KW.SUM) },
      { ALT: () => this.CONSUME(T.KW.AVG) },
      { ALT: () => this.CONSUME(T.KW.MIN) },
      { ALT: () => this.CONSUME(T.KW.MAX) },
      { ALT: () => this.CONSUME(T.KW.COLLECT) },
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

  protected list = this.RULE('list', (): Expression | undefined => {
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

  protected literal = this.RULE('literal', (): Expression | undefined => {
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
}
