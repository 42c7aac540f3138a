/** The graph pattern rules of the GQL grammar: paths, node patterns, edges and quantifiers. */
import { type IToken, tokenMatcher } from 'chevrotain';
import type {
  EdgePattern,
  Identifier,
  NodePattern,
  PathPattern,
  PropertyEquality,
  SourceRange,
} from './ast';
import { GqlExpressionRules } from './expression_rules';
import { isMissing } from './parser_base';
import * as T from './tokens';
import { unquoteDouble } from './unescape';

interface EdgeBody {
  variable?: Identifier;
  label?: Identifier;
  labelAlternatives?: Identifier[];
  /** Cypher's `*min..max` inside the brackets. */
  quantifier?: Quantifier;
}

type Quantifier = NonNullable<EdgePattern['quantifier']>;

/** What a label expression says (label_expression below): one label, alternatives, or several. */
interface LabelExpression {
  label?: Identifier;
  alternatives?: Identifier[];
  more?: Identifier[];
}

export class GqlPatternRules extends GqlExpressionRules {
  protected pathPattern = this.RULE('pathPattern', (): PathPattern | undefined => {
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

  protected nodeGroup = this.RULE('nodeGroup', (): NodePattern[] => {
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

  protected node = this.RULE('node', (): NodePattern | undefined => {
    const open = this.CONSUME(T.LParen);
    const variable = this.OPTION(() => this.CONSUME(T.VariableName));
    const labels = this.OPTION2(() => this.SUBRULE(this.labelExpression));
    const properties = this.OPTION4(() => this.SUBRULE(this.propertyMap));
    const query = this.OPTION3(() => {
      this.CONSUME(T.KW.WHERE);
      return this.CONSUME(T.QuotedText);
    });
    this.CONSUME(T.RParen);
    return this.ACTION(() => {
      const node: NodePattern = { range: this.rangeFrom(this.startOf(open)) };
      const v = this.identifier(variable);
      if (v) node.variable = v;
      if (labels?.label) node.label = labels.label;
      if (labels?.alternatives) node.labelAlternatives = labels.alternatives;
      if (labels?.more) node.moreLabels = labels.more;
      if (properties && properties.length > 0) node.properties = properties;
      if (query && !isMissing(query)) {
        node.where = {
          query: unquoteDouble(query.image, tokenMatcher(query, T.DoubleQuoted)),
          range: this.tokenRange(query),
        };
      }
      return node;
    });
  });

  /** `{key: value, ...}`: values are literals, as in Cypher's node patterns. */
  protected propertyMap = this.RULE('propertyMap', (): PropertyEquality[] => {
    const entries: PropertyEquality[] = [];
    this.CONSUME(T.LBrace);
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        const start = this.ACTION(() => this.nextOffset());
        const key = this.CONSUME(T.Name);
        this.CONSUME(T.Colon);
        const value = this.SUBRULE(this.literal);
        this.ACTION(() => {
          const k = this.identifier(key);
          if (k && value) entries.push({ key: k, value, range: this.rangeFrom(start) });
        });
      },
    });
    this.CONSUME(T.RBrace);
    return entries;
  });

  /**
   * `-[..]->`, `-[..]-`, `-`, `->`, `<-[..]-`, `<-`, and Cypher's bare `-->`, `--`, `<--`, then
   * an optional `{min,max}`.
   */
  protected edge = this.RULE('edge', (): EdgePattern | undefined => {
    const start = this.ACTION(() => this.nextOffset());
    let direction: EdgePattern['direction'] = 'undirected';
    let body: EdgeBody | undefined;
    this.OR({
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.Minus);
            this.OPTION(() =>
              this.OR4([
                {
                  ALT: () => {
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
                  },
                },
                {
                  // Cypher's `-->`.
                  ALT: () => {
                    this.CONSUME3(T.RightArrow);
                    direction = 'right';
                  },
                },
                // Cypher's `--`.
                { ALT: () => this.CONSUME4(T.Minus) },
              ])
            );
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
            this.OPTION2(() =>
              this.OR3([
                {
                  ALT: () => {
                    body = this.SUBRULE2(this.edgeBody);
                    this.CONSUME3(T.Minus);
                  },
                },
                // Cypher's `<--`.
                { ALT: () => this.CONSUME5(T.Minus) },
              ])
            );
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
      if (body?.labelAlternatives) edge.labelAlternatives = body.labelAlternatives;
      if (quantifier && body?.quantifier) {
        this.semanticError(
          'the edge has two quantifiers; keep either *min..max or {min,max}',
          quantifier.range
        );
      }
      const bounds = quantifier ?? body?.quantifier;
      if (bounds) edge.quantifier = bounds;
      return edge;
    });
  });

  protected edgeBody = this.RULE('edgeBody', (): EdgeBody => {
    this.CONSUME(T.LBracket);
    const variable = this.OPTION(() => this.CONSUME(T.VariableName));
    const labels = this.OPTION2(() => this.SUBRULE2(this.labelExpression));
    const quantifier = this.OPTION3(() => this.SUBRULE(this.starQuantifier));
    this.CONSUME(T.RBracket);
    return this.ACTION(() => {
      if (labels?.more) {
        this.semanticError(
          'an edge stands for one relation: write its alternatives with | (-[:R|S]->), not & or :',
          labels.more[0].range
        );
      }
      return {
        variable: this.identifier(variable),
        label: labels?.label,
        labelAlternatives: labels?.alternatives,
        quantifier,
      };
    });
  });

  /**
   * `:A`, `:A|B` (either; Cypher's `:A|:B` too), `:A&B` and Cypher's `:A:B` (both); `|` mixed
   * with `&` is refused by name.
   */
  protected labelExpression = this.RULE('labelExpression', (): LabelExpression | undefined => {
    const start = this.ACTION(() => this.nextOffset());
    this.CONSUME(T.Colon);
    const names: IToken[] = [];
    const operators: IToken[] = [];
    names.push(this.SUBRULE(this.labelTerm));
    this.MANY(() => {
      const operator = this.OR([
        {
          ALT: () => {
            const pipe = this.CONSUME(T.Pipe);
            // Cypher 5's `:A|:B`.
            this.OPTION(() => this.CONSUME3(T.Colon));
            return pipe;
          },
        },
        { ALT: () => this.CONSUME(T.Ampersand) },
        { ALT: () => this.CONSUME2(T.Colon) },
      ]);
      const name = this.SUBRULE2(this.labelTerm);
      this.ACTION(() => {
        operators.push(operator);
        names.push(name);
      });
    });
    return this.ACTION(() => {
      const identifiers = names.map((name) => this.identifier(name));
      if (identifiers.some((id) => id === undefined)) return undefined;
      const [first, ...rest] = identifiers as Identifier[];
      if (rest.length === 0) return { label: first };
      const either = operators.filter((op) => tokenMatcher(op, T.Pipe)).length;
      if (either > 0 && either < operators.length) {
        this.semanticError(
          `the label expression ${this.slice(this.rangeFrom(start))} mixes | and &, which is not supported: write alternatives (n:A|B) or labels a document has together (n:A&B)`,
          this.rangeFrom(start)
        );
        return undefined;
      }
      if (either === 0) return { label: first, more: rest };
      const alternatives = [first, ...rest].filter(
        (id, i, all) => all.findIndex((other) => other.name === id.name) === i
      );
      return alternatives.length === 1 ? { label: first } : { alternatives };
    });
  });

  /** A label name (`!A` and `%` are refused by name: refused_constructs.ts). */
  protected labelTerm = this.RULE('labelTerm', (): IToken => {
    return this.CONSUME(T.Name);
  });

  /** Cypher's variable length: `*min..max`, `*..max` (from 1), `*n` (exactly n). */
  protected starQuantifier = this.RULE('starQuantifier', (): Quantifier | undefined => {
    const star = this.CONSUME(T.Star);
    const low = this.OPTION(() => this.CONSUME(T.NumberLiteral));
    let dots = false;
    const high = this.OPTION2(() => {
      this.CONSUME(T.DotDot);
      this.ACTION(() => (dots = true));
      return this.OPTION3(() => this.CONSUME2(T.NumberLiteral));
    });
    return this.ACTION(() => {
      const range = this.rangeFrom(this.startOf(star));
      const min = low ? this.nonNegativeInteger(low, 'a quantifier bound') : 1;
      if (!high && (dots || !low)) {
        if (min !== undefined) {
          this.semanticError(
            `the variable-length edge ${this.slice(range)} needs an upper bound, such as *${min}..3 (paths are bounded here)`,
            range
          );
        }
        return undefined;
      }
      const max = high ? this.nonNegativeInteger(high, 'a quantifier bound') : min;
      return this.boundsChecked(min, max, range);
    });
  });

  protected quantifier = this.RULE('quantifier', () => {
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
      return this.boundsChecked(min, max, range);
    });
  });

  /** Both spellings of a quantifier obey the same rules: 1 <= min <= max. */
  private boundsChecked(
    min: number | undefined,
    max: number | undefined,
    range: SourceRange
  ): Quantifier | undefined {
    if (min === undefined || max === undefined) return undefined;
    const written = this.slice(range);
    if (min < 1) {
      this.semanticError(`the quantifier ${written} must have a lower bound of at least 1`, range);
    } else if (min > max) {
      this.semanticError(
        `the quantifier ${written} has a lower bound above its upper bound`,
        range
      );
    }
    return { min, max, range };
  }
}
