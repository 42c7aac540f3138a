/**
 * What the expression rules build for path values (docs/api/graph_queries.md, "Paths"):
 * `length(p)` / `path_length(p)` (GQL's name), `nodes(p)`, and the list comprehension
 * `[n IN nodes(p) WHERE condition | projection]`. Kept apart from ./expression_rules.ts so the
 * grammar file holds only the rules; the checks here are those the parser can make alone.
 */
import type { Expression, Identifier, SourceRange } from './ast';

type Report = (message: string, range: SourceRange) => void;

/** The function names, lower case, and what each computes. */
const PATH_FUNCTIONS: Record<string, 'length' | 'nodes'> = {
  length: 'length',
  path_length: 'length',
  nodes: 'nodes',
};

/** `name(argument)`: one of PATH_FUNCTIONS over a path variable, else an error naming them. */
export function pathFunctionCall(
  name: Identifier | undefined,
  argument: Identifier | undefined,
  range: SourceRange,
  report: Report
): Expression | undefined {
  if (!name || !argument) return undefined;
  const fn = PATH_FUNCTIONS[name.name.toLowerCase()];
  if (fn === undefined) {
    report(
      `unknown function [${name.name}]: the functions are length(p), path_length(p) and nodes(p) of a path variable p, and the aggregates`,
      name.range
    );
    return undefined;
  }
  return { kind: 'pathFunction', function: fn, path: argument, range };
}

/** `[n IN nodes(p) ...]`: the source must be `nodes(p)` (a path's length is no list). */
export function listComprehension(
  variable: Identifier | undefined,
  source: Expression | undefined,
  where: Expression | undefined,
  projection: Expression | undefined,
  range: SourceRange,
  report: Report
): Expression | undefined {
  if (!variable || !source || source.kind !== 'pathFunction') return undefined;
  if (source.function !== 'nodes') {
    report(
      `a list comprehension reads nodes(${source.path.name}), a list; length is a number`,
      source.range
    );
    return undefined;
  }
  return {
    kind: 'listComprehension',
    variable,
    path: source.path,
    ...(where ? { where } : {}),
    ...(projection ? { projection } : {}),
    range,
  };
}

/** The expressions inside a list comprehension (for depth checks; they read only its variable). */
export function comprehensionParts(expression: Expression): Expression[] {
  if (expression.kind !== 'listComprehension') return [];
  return [expression.where, expression.projection].filter((e): e is Expression => !!e);
}
