/**
 * Builds GQL syntax trees by hand, for unit tests of the oracle that must not depend on the
 * parser. Ranges are dummies; `text` of items defaults to a rendering close to the source.
 */
import type {
  EdgePattern,
  Expression,
  GqlStatement,
  NodePattern,
  PathPattern,
  SourceRange,
} from '../../common/gql/ast';

const R: SourceRange = { start: 0, end: 0, line: 1, column: 1, endLine: 1, endColumn: 1 };
const ident = (name: string) => ({ name, range: R });

/** `(v:Label WHERE "query")`; pass undefined to leave a part out. */
export function node(variable?: string, label?: string, query?: string): NodePattern {
  return {
    variable: variable === undefined ? undefined : ident(variable),
    label: label === undefined ? undefined : ident(label),
    where: query === undefined ? undefined : { query, range: R },
    range: R,
  };
}

export function edge(
  label: string | undefined,
  direction: EdgePattern['direction'] = 'right',
  options: { variable?: string; min?: number; max?: number } = {}
): EdgePattern {
  return {
    variable: options.variable === undefined ? undefined : ident(options.variable),
    label: label === undefined ? undefined : ident(label),
    direction,
    quantifier:
      options.min === undefined
        ? undefined
        : { min: options.min, max: options.max ?? options.min, range: R },
    range: R,
  };
}

/** A path from alternating node groups (a node or an array of merged nodes) and edges. */
export function path(...parts: Array<NodePattern | NodePattern[] | EdgePattern>): PathPattern {
  const nodes: NodePattern[][] = [];
  const edges: EdgePattern[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) nodes.push(Array.isArray(part) ? part : [part as NodePattern]);
    else edges.push(part as EdgePattern);
  });
  return { nodes, edges, range: R };
}

export const prop = (variable: string, ...fields: string[]): Expression => ({
  kind: 'property',
  variable: ident(variable),
  path: fields,
  range: R,
});
export const whole = (variable: string): Expression => ({
  kind: 'variable',
  variable: ident(variable),
  range: R,
});
export const lit = (value: string | number | boolean | null): Expression => ({
  kind: 'literal',
  value,
  range: R,
});
export const list = (...values: Array<string | number>): Expression => ({
  kind: 'list',
  items: values.map(lit),
  range: R,
});
export const cmp = (
  operator: '=' | '<>' | '<' | '<=' | '>' | '>=',
  left: Expression,
  right: Expression
): Expression => ({ kind: 'comparison', operator, left, right, range: R });
export const and = (left: Expression, right: Expression): Expression => ({
  kind: 'and',
  left,
  right,
  range: R,
});
export const or = (left: Expression, right: Expression): Expression => ({
  kind: 'or',
  left,
  right,
  range: R,
});
export const not = (operand: Expression): Expression => ({ kind: 'not', operand, range: R });
export const isIn = (operand: Expression, values: Expression, negated = false): Expression => ({
  kind: 'in',
  operand,
  list: values,
  negated,
  range: R,
});
export const isNull = (operand: Expression, negated = false): Expression => ({
  kind: 'isNull',
  operand,
  negated,
  range: R,
});
export const startsWith = (operand: Expression, prefix: string): Expression => ({
  kind: 'startsWith',
  operand,
  prefix: lit(prefix),
  range: R,
});
export const agg = (
  fn: 'COUNT' | 'SUM' | 'AVG' | 'MIN' | 'MAX',
  argument: Expression | null,
  distinct = false
): Expression => ({ kind: 'aggregate', function: fn, distinct, argument, range: R });

/** Renders an expression roughly as written, for item texts. */
export function render(e: Expression): string {
  switch (e.kind) {
    case 'property':
      return [e.variable.name, ...e.path].join('.');
    case 'variable':
      return e.variable.name;
    case 'aggregate':
      return `${e.function}(${e.distinct ? 'DISTINCT ' : ''}${e.argument ? render(e.argument) : '*'})`;
    default:
      return e.kind;
  }
}

export function statement(options: {
  graph?: string;
  items: Expression[];
  patterns: PathPattern[];
  where?: Expression;
  orderBy?: Array<[Expression, boolean?]>;
  distinct?: boolean;
  limit?: number;
  offset?: number;
}): GqlStatement {
  return {
    form: 'select',
    explain: false,
    distinct: options.distinct ?? false,
    items: options.items.map((expression) => ({ expression, text: render(expression), range: R })),
    graph: { name: options.graph ?? 'g', range: R },
    patterns: options.patterns,
    where: options.where,
    orderBy: (options.orderBy ?? []).map(([expression, descending]) => ({
      expression,
      text: render(expression),
      descending: descending ?? false,
      range: R,
    })),
    limit: options.limit === undefined ? undefined : { value: options.limit, range: R },
    offset: options.offset === undefined ? undefined : { value: options.offset, range: R },
    range: R,
  };
}
