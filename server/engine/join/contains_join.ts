import { isJoinNode } from './join_spec';

/** Whether a query holds a join anywhere; cheap, so plain searches skip the join machinery. */
export function containsJoin(node: unknown): boolean {
  if (isJoinNode(node)) return true;
  if (Array.isArray(node)) return node.some(containsJoin);
  if (typeof node === 'object' && node !== null) return Object.values(node).some(containsJoin);
  return false;
}
