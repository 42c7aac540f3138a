import { isJoinNode } from './join_query';

/** Whether a query holds a join anywhere; cheap, so plain searches skip the join machinery. */
export function containsJoin(node: unknown): boolean {
  if (isJoinNode(node)) return true;
  if (Array.isArray(node)) return node.some(containsJoin);
  if (typeof node === 'object' && node !== null) return Object.values(node).some(containsJoin);
  return false;
}

/**
 * The child index names of every join in a query, nested ones included (as given: expressions
 * split at commas), so a search can look them all up in the catalog at once, beside its own.
 */
export function joinIndexNames(node: unknown, into: string[] = []): string[] {
  if (isJoinNode(node)) {
    const indices = node.join.indices;
    if (Array.isArray(indices)) {
      for (const index of indices) {
        // A loop, not push(...): an expression may list more names than a call takes arguments.
        if (typeof index === 'string') for (const name of index.split(',')) into.push(name);
      }
    }
    joinIndexNames(node.join.request, into);
  } else if (Array.isArray(node)) {
    for (const item of node) if (typeof item === 'object') joinIndexNames(item, into);
  } else if (typeof node === 'object' && node !== null) {
    for (const value of Object.values(node)) joinIndexNames(value, into);
  }
  return into;
}
