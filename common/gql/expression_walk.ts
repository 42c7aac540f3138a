/**
 * The sub-expressions of a GQL expression, in one place for every reader of the tree: the
 * parser's depth check, the server's binding and execution, the editor's property warnings.
 * A new kind of expression is added to `expressionChildren` once and every walk sees inside it.
 */
import type { Expression } from './ast';

/** The expressions directly inside `expression`, left to right. */
export function expressionChildren(expression: Expression): Expression[] {
  switch (expression.kind) {
    case 'comparison':
    case 'and':
    case 'or':
      return [expression.left, expression.right];
    case 'not':
    case 'isNull':
      return [expression.operand];
    case 'in':
      return [expression.operand, expression.list];
    case 'startsWith':
      return [expression.operand, expression.prefix];
    case 'list':
      return expression.items;
    case 'aggregate':
      return expression.argument ? [expression.argument] : [];
    default:
      return [];
  }
}

/**
 * Visits `expression` and every expression inside it, outermost first. Recursive: parseGql
 * refuses trees deeper than MAX_EXPRESSION_DEPTH, far below the stack's reach.
 */
export function walkExpression(expression: Expression, visit: (e: Expression) => void): void {
  visit(expression);
  for (const child of expressionChildren(expression)) walkExpression(child, visit);
}
