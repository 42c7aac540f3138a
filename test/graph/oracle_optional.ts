/**
 * The oracle's OPTIONAL MATCH (brute_force.ts), written naively from the contract
 * (docs/api/graph_queries.md): each clause takes every row so far and every way of binding its
 * new nodes so that its edges hold and its WHERE is true; a row with none is kept once, its new
 * nodes null. A clause naming a node an earlier clause left null has no match.
 */
import type { Expression, GqlStatement } from '../../common/gql/ast';
import { OracleError } from './graph_pattern';

/** One OPTIONAL MATCH clause over node ids, for `optionalJoin`. */
export interface OptionalClause<D> {
  /** The nodes it binds first. */
  fresh: number[];
  /** The nodes of earlier clauses it names: all must be bound (not null) for a match. */
  named: number[];
  candidates: readonly D[][];
  edges: Array<{ left: number; right: number; holds: (left: D, right: D) => boolean }>;
  where: (binding: Array<D | null>) => boolean;
  /** Stops a runaway case instead of hanging the suite. */
  maxRows: number;
}

/** Every row, extended by each match of the clause, or once with its new nodes null. */
export function optionalJoin<D>(
  rows: Array<Array<D | null>>,
  clause: OptionalClause<D>
): Array<Array<D | null>> {
  const { fresh, edges } = clause;
  const out: Array<Array<D | null>> = [];
  for (const row of rows) {
    const matches: Array<Array<D | null>> = [];
    if (clause.named.every((node) => fresh.includes(node) || row[node] !== null)) {
      const binding: Array<D | null> = [...row, ...fresh.map(() => null)];
      const bound = (node: number, i: number) => !fresh.includes(node) || fresh.indexOf(node) <= i;
      const place = (i: number) => {
        if (i === fresh.length) {
          if (clause.where(binding)) matches.push([...binding]);
          return;
        }
        for (const doc of clause.candidates[fresh[i]]) {
          binding[fresh[i]] = doc;
          const ok = edges.every(
            (e) =>
              !bound(e.left, i) ||
              !bound(e.right, i) ||
              e.holds(binding[e.left]!, binding[e.right]!)
          );
          if (ok) place(i + 1);
        }
        binding[fresh[i]] = null;
      };
      place(0);
    }
    if (out.length + matches.length > clause.maxRows) {
      throw new Error('oracle: too many bindings; narrow the case');
    }
    if (matches.length > 0) out.push(...matches);
    else out.push([...row, ...fresh.map(() => null)]);
  }
  return out;
}

/**
 * What an OPTIONAL MATCH may not say: a label, query string or side-by-side pattern on a node of
 * an earlier clause (it would narrow that clause's rows), or a WHERE naming a later clause's node.
 */
export function checkOptionalClauses(
  statement: GqlStatement,
  variables: ReadonlyMap<string, number>,
  clauseOf: (node: number) => number
): void {
  const labelsSoFar = new Map<string, Set<string>>();
  const learn = (patterns: GqlStatement['patterns']) => {
    for (const node of patterns.flatMap((path) => path.nodes.flat())) {
      if (!node.variable) continue;
      const labels = labelsSoFar.get(node.variable.name) ?? new Set<string>();
      if (node.label) labels.add(node.label.name);
      labelsSoFar.set(node.variable.name, labels);
    }
  };
  learn(statement.patterns);
  for (const clause of statement.optional ?? []) {
    for (const group of clause.patterns.flatMap((path) => path.nodes)) {
      for (const node of group) {
        const earlier = node.variable && labelsSoFar.get(node.variable.name);
        if (!earlier) continue;
        if (group.length > 1 || node.where || (node.label && !earlier.has(node.label.name))) {
          throw new OracleError(`OPTIONAL MATCH narrows the earlier node [${node.variable!.name}]`);
        }
      }
    }
    learn(clause.patterns);
  }
  const wheres = [statement.where, ...(statement.optional ?? []).map((c) => c.where)];
  wheres.forEach((where, k) => {
    const visit = (e: Expression): void => {
      if (e.kind === 'property' || e.kind === 'variable') {
        if (clauseOf(variables.get(e.variable.name)!) > k) {
          throw new OracleError(`WHERE names [${e.variable.name}] of a later clause`);
        }
        return;
      }
      for (const child of Object.values(e)) {
        if (Array.isArray(child)) child.forEach((c) => visit(c as Expression));
        else if (child && typeof child === 'object' && 'kind' in child) visit(child as Expression);
      }
    };
    if (where) visit(where);
  });
}
