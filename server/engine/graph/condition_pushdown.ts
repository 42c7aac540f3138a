/**
 * Where each WHERE conjunct is evaluated: one on a single node goes to that node's backend (what
 * the backend cannot evaluate exactly is checked on the node's fetched documents); one over
 * several nodes is checked while rows are assembled; one over no node is decided once, now.
 */
import type { Expression } from '../../../common/gql/ast';
import type { BoundQuery } from './bound_query';
import {
  assertDateLiterals,
  conjuncts,
  evaluateCondition,
  nodesOf,
  toFieldPredicate,
  type DateFields,
} from './expressions';
import type { ReductionState } from './reduction';

/**
 * A WHERE conjunct checked while rows are assembled, once all its nodes are bound: one over
 * several nodes, or any of an OPTIONAL MATCH's that does not fall on one node of its own (it
 * filters the clause's matches, so it cannot narrow an earlier node).
 */
export interface RowCondition {
  expression: Expression;
  nodes: ReadonlySet<number>;
  /** The clause whose WHERE it is (0: MATCH; see bound_query.ts, BoundClause). */
  clause: number;
}

/** Hands the single-node conjuncts to `state`; answers the ones left for row assembly. */
export async function pushDownConditions(
  query: BoundQuery,
  state: ReductionState
): Promise<RowCondition[]> {
  const rowConditions: RowCondition[] = [];
  const where = query.clauses.flatMap((c, clause) =>
    conjuncts(c.where).map((expression) => ({ expression, clause }))
  );
  // A string compared with a date field must be a date, decided here for every kind of
  // entity before any condition reaches a backend (OpenSearch refuses it, SQL would not).
  await state.loadDateFields(where);
  const isDate: DateFields = (node, field) => state.isDate(node, field);
  for (const { expression } of where) assertDateLiterals(expression, query.variables, isDate);
  for (const { expression, clause } of where) {
    const nodes = nodesOf(expression, query.variables);
    if (clause > 0) {
      const [only] = nodes;
      if (nodes.size === 1 && query.nodes[only].clause === clause) {
        await state.addCondition(only, expression, toFieldPredicate(expression));
      } else {
        rowConditions.push({ expression, nodes, clause });
      }
      continue;
    }
    if (nodes.size === 0) {
      // `WHERE TRUE`, `1 = 1`: decided now, once. False means no row at all.
      if (!evaluateCondition(expression, [], query.variables, () => false)) state.matchNothing();
      continue;
    }
    if (nodes.size !== 1) {
      rowConditions.push({ expression, nodes, clause });
      continue;
    }
    const [node] = nodes;
    // Null for anything but properties compared with literals (a whole variable included).
    const predicate = toFieldPredicate(expression);
    await state.addCondition(node, expression, predicate);
  }
  await state.loadDateFields(rowConditions);
  return rowConditions;
}
