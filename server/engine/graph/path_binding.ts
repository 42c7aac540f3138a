/**
 * The binding of path variables and shortest-path searches (docs/api/graph_queries.md, "Paths"
 * and "Shortest paths"): which path each variable names, that a shortest-path search is one
 * quantified edge between two nodes, and that path values are read only where they mean
 * something (returned, ordered by when returned; never tested in WHERE, never aggregated, and a
 * list comprehension reads only its own variable). Errors point at what the user wrote.
 */
import type { Expression, GqlStatement, PathPattern } from '../../../common/gql/ast';
import { walkExpression } from '../../../common/gql/expression_walk';
import { failAt } from './query_errors';

/**
 * Checks the statement's path variables and shortest-path patterns (`patterns`: every clause's,
 * MATCH first, as binding numbers them) and answers each path variable's index in them.
 */
export function bindPathVariables(
  statement: GqlStatement,
  patterns: readonly PathPattern[],
  patternClause: readonly number[],
  nodeVariables: ReadonlySet<string>,
  edgeVariables: ReadonlySet<string>
): Map<string, number> {
  const paths = new Map<string, number>();
  patterns.forEach((pattern, p) => {
    const variable = pattern.variable;
    if (variable) {
      const name = variable.name;
      if (nodeVariables.has(name) || edgeVariables.has(name)) {
        failAt(
          variable.range,
          `[${name}] names both a path and a ${nodeVariables.has(name) ? 'node' : 'edge'}; give the path its own name`
        );
      }
      if (paths.has(name)) {
        failAt(
          variable.range,
          `the path variable [${name}] is used twice; each path needs its own name`
        );
      }
      paths.set(name, p);
    }
    if (pattern.shortest) checkShortest(pattern, patternClause[p]);
  });
  checkPathReferences(statement, paths);
  return paths;
}

/** A shortest-path search is one quantified edge between two nodes, from one hop, in MATCH. */
function checkShortest(pattern: PathPattern, clause: number): void {
  const shortest = pattern.shortest!;
  const written = shortest.mode === 'any' ? 'ANY SHORTEST' : 'ALL SHORTEST';
  if (clause > 0) {
    failAt(
      shortest.range,
      `${written} (shortestPath) in an OPTIONAL MATCH is not supported; write it in a MATCH clause`
    );
  }
  const [edge] = pattern.edges;
  if (pattern.edges.length !== 1 || !edge.quantifier) {
    failAt(
      pattern.range,
      `a shortest-path search takes one variable-length edge between two nodes, such as (a)-[:R]->{1,6}(b) or shortestPath((a)-[:R*..6]->(b))`
    );
  }
  if (edge.quantifier.min !== 1) {
    failAt(
      edge.quantifier.range,
      `a shortest path starts from one hop: write the lower bound as 1, e.g. {1,${edge.quantifier.max}} or *..${edge.quantifier.max}`
    );
  }
}

const WHERE_REFUSED =
  'path values (p, length(p), nodes(p)) can be returned but not tested in a WHERE; test the nodes of the path instead';

function checkPathReferences(statement: GqlStatement, paths: ReadonlyMap<string, number>): void {
  const known = () =>
    paths.size === 0
      ? 'the query names no path: write MATCH p = (a)-[:R]->{1,3}(b)'
      : `its path variables are [${[...paths.keys()].join(', ')}]`;
  const checkPath = (name: string, range: Expression['range']) => {
    if (!paths.has(name)) failAt(range, `[${name}] is not a path variable; ${known()}`);
  };
  const check = (expression: Expression, inWhere: boolean) => {
    walkExpression(expression, (e) => {
      if (e.kind === 'pathFunction' || e.kind === 'listComprehension') {
        if (inWhere) failAt(e.range, WHERE_REFUSED);
        checkPath(e.path.name, e.path.range);
        if (e.kind === 'listComprehension') checkComprehension(e);
        return;
      }
      if ((e.kind === 'variable' || e.kind === 'property') && paths.has(e.variable.name)) {
        if (inWhere) failAt(e.range, WHERE_REFUSED);
        if (e.kind === 'property') {
          failAt(
            e.range,
            `[${e.variable.name}] is a path and has no properties; read its nodes: [n IN nodes(${e.variable.name}) | n.${e.path.join('.')}]`
          );
        }
        if (e !== expression) {
          failAt(
            e.range,
            `a path can only be returned whole (RETURN ${e.variable.name}) or read with length(${e.variable.name}) and nodes(${e.variable.name})`
          );
        }
      }
    });
  };
  for (const item of statement.items) check(item.expression, false);
  for (const item of statement.orderBy) check(item.expression, false);
  if (statement.where) check(statement.where, true);
  for (const clause of statement.optional ?? []) if (clause.where) check(clause.where, true);
}

/** `[n IN nodes(p) WHERE c | e]`: `c` and `e` read only `n`; `e` is `n`, `n.prop` or a literal. */
function checkComprehension(e: Extract<Expression, { kind: 'listComprehension' }>): void {
  const own = e.variable.name;
  for (const part of [e.where, e.projection]) {
    if (!part) continue;
    walkExpression(part, (inner) => {
      if ((inner.kind === 'property' || inner.kind === 'variable') && inner.variable.name !== own) {
        failAt(
          inner.range,
          `inside [${own} IN nodes(${e.path.name}) ...] only [${own}] can be read; [${inner.variable.name}] is outside it`
        );
      }
      if (
        inner.kind === 'aggregate' ||
        inner.kind === 'pathFunction' ||
        inner.kind === 'listComprehension'
      ) {
        failAt(inner.range, `a list comprehension's condition and value read only [${own}]`);
      }
    });
  }
  const projection = e.projection;
  if (projection && !['property', 'variable', 'literal'].includes(projection.kind)) {
    failAt(projection.range, `a list comprehension's value is ${own}, ${own}.prop or a literal`);
  }
}
