/** The graph pattern rules of the GQL grammar: paths, node patterns, edges and quantifiers. */
import { tokenMatcher } from 'chevrotain';
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
  /** Cypher's `*min..max` inside the brackets. */
  quantifier?: Quantifier;
}

type Quantifier = NonNullable<EdgePattern['quantifier']>;

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
    const label = this.OPTION2(() => {
      this.CONSUME(T.Colon);
      return this.CONSUME(T.Name);
    });
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
      const l = this.identifier(label);
      if (l) node.label = l;
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

  /** `-[..]->`, `-[..]-`, `-`, `->`, `<-[..]-`, `<-`, then an optional `{min,max}`. */
  protected edge = this.RULE('edge', (): EdgePattern | undefined => {
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
    const label = this.OPTION2(() => {
      this.CONSUME(T.Colon);
      return this.CONSUME(T.Name);
    });
    const quantifier = this.OPTION3(() => this.SUBRULE(this.starQuantifier));
    this.CONSUME(T.RBracket);
    return this.ACTION(() => ({
      variable: this.identifier(variable),
      label: this.identifier(label),
      quantifier,
    }));
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
