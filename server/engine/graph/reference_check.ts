/**
 * The last phase of binding: every variable an item, WHERE or ORDER BY names is a node of the
 * pattern, aggregates appear only where they mean something, and ORDER BY takes what it can
 * sort by. Checked before anything is read, so an answer never depends on whether anything
 * matched.
 */
import type { Expression, GqlStatement } from '../../../common/gql/ast';
import { walkExpression } from '../../../common/gql/expression_walk';
import { failAt } from './query_errors';

export function checkReferences(
  statement: GqlStatement,
  variables: ReadonlyMap<string, number>,
  edgeVariables: ReadonlySet<string>,
  /** The clause that binds a node first (0: MATCH; k: the k-th OPTIONAL MATCH). */
  clauseOf: (node: number) => number = () => 0,
  /** Path variables, checked by path_binding.ts: not nodes, so skipped here. */
  pathVariables: ReadonlySet<string> = new Set()
): void {
  const check = (
    expression: Expression,
    where: string,
    aggregatesAllowed: boolean,
    clause = Infinity
  ): void => {
    walkExpression(expression, (e) => {
      if ((e.kind === 'property' || e.kind === 'variable') && !pathVariables.has(e.variable.name)) {
        const name = e.variable.name;
        if (edgeVariables.has(name)) {
          failAt(
            e.range,
            `[${name}] is an edge; relations are joins and carry no documents or properties, so only node variables can be ${where}`
          );
        }
        if (!variables.has(name)) {
          failAt(
            e.range,
            `the variable [${name}] is not in the MATCH pattern; known variables are [${[...variables.keys()].join(', ')}]`
          );
        }
        if (clauseOf(variables.get(name)!) > clause) {
          failAt(
            e.range,
            `the variable [${name}] is bound by a later OPTIONAL MATCH; a WHERE sees only the variables of its clause and of those before it`
          );
        }
      }
      if (e.kind === 'aggregate') checkAggregate(e, where, aggregatesAllowed);
    });
  };
  for (const item of statement.items) check(item.expression, 'selected', true);
  if (statement.where) check(statement.where, 'WHERE', false, 0);
  statement.optional?.forEach((clause, i) => {
    if (clause.where) check(clause.where, 'WHERE', false, i + 1);
  });
  for (const item of statement.orderBy) check(item.expression, 'ORDER BY', true);
  checkOrderBy(statement);
}

function checkAggregate(
  e: Extract<Expression, { kind: 'aggregate' }>,
  where: string,
  allowed: boolean
): void {
  if (!allowed) failAt(e.range, `aggregates such as ${e.function} cannot be used in ${where}`);
  if (e.argument === null && e.function !== 'COUNT')
    failAt(e.range, `${e.function}(*) is not defined; only COUNT(*) takes *`);
  if (e.argument !== null) {
    const wholeDocument = e.function === 'COUNT' || e.function === 'COLLECT';
    if (e.argument.kind === 'variable' && !wholeDocument) {
      failAt(e.argument.range, `${e.function} takes a property (v.p), not a whole document`);
    }
    if (e.argument.kind !== 'property' && e.argument.kind !== 'variable') {
      failAt(
        e.argument.range,
        `${e.function} takes a property (v.p)${e.function === 'COUNT' ? ', a variable or *' : wholeDocument ? ' or a variable' : ''}`
      );
    }
  }
}

function checkOrderBy(statement: GqlStatement): void {
  const grouped = statement.items.some((item) => item.expression.kind === 'aggregate');
  for (const item of statement.orderBy) {
    const selected = statement.items.some((i) => i.text === item.text);
    if (grouped && !selected) {
      failAt(
        item.range,
        `with aggregates, ORDER BY takes a selected item; [${item.text}] is not one`
      );
    }
    if (!grouped && !selected && item.expression.kind !== 'property') {
      failAt(
        item.range,
        `ORDER BY takes a property (v.p) or a selected item; [${item.text}] is neither`
      );
    }
  }
}
