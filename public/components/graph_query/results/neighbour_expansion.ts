/**
 * Exploring from a node of the picture, as Neo4j Browser and Siren's graph browser let users do:
 * the relations of the model that touch the node's entity (each direction of each relation), and
 * the query that fetches the node's neighbours along one of them, in the MATCH … RETURN form. The
 * node is named by its document's `_id` (every document has one, docs/api/graph_queries.md, items:
 * `v` is `{_index, _id, _source}`), and by `_index` too when its entity spans several indices, where
 * an id alone may name a document in each.
 */
import type { GraphModelJson } from '../../../services/api/graph_api';
import { gqlName } from '../../shared/code_editor/gql/gql_names';
import type { SubgraphNode } from './subgraph';

/** Neighbours fetched by one expansion: enough to explore, few enough to stay drawable. */
export const EXPANSION_LIMIT = 50;

/** One way out of a node: a relation of the model, the side the node is on, and the other end. */
export interface NeighbourRelation {
  relation: string;
  /** `out`: the node is the relation's `from` (`(n)-[:R]->(m)`); `in`: its `to` (`(n)<-[:R]-(m)`). */
  direction: 'out' | 'in';
  /** The entity at the other end. */
  other: string;
}

/** What the user chose: expand `node` along `along`. */
export interface ExpansionRequest {
  node: SubgraphNode;
  along: NeighbourRelation;
}

/**
 * The relations that touch `entity`, in the model's order: outgoing before incoming for each, so
 * a relation from the entity to itself is listed twice, once per direction.
 */
export function neighbourRelations(model: GraphModelJson, entity: string): NeighbourRelation[] {
  const found: NeighbourRelation[] = [];
  for (const relation of model.relations ?? []) {
    if (relation.from.entity === entity) {
      found.push({ relation: relation.label, direction: 'out', other: relation.to.entity });
    }
    if (relation.to.entity === entity) {
      found.push({ relation: relation.label, direction: 'in', other: relation.from.entity });
    }
  }
  return found;
}

/** `MENTIONS → Article`, `← FUNDS Investment`: the menu's words for a relation. */
export function relationCaption(along: NeighbourRelation): string {
  return along.direction === 'out'
    ? `${along.relation} → ${along.other}`
    : `← ${along.relation} ${along.other}`;
}

/**
 * The query that expands `node` along `along`: `n` is the node, `m` its neighbours, both returned
 * whole so the picture draws them and the edge between them.
 */
export function expansionQuery(
  model: GraphModelJson,
  { node, along }: ExpansionRequest,
  limit = EXPANSION_LIMIT
): string {
  const edge =
    along.direction === 'out'
      ? `-[:${gqlName(along.relation)}]->`
      : `<-[:${gqlName(along.relation)}]-`;
  const conditions = [`n._id = ${gqlString(node.document._id)}`];
  const indices = model.entities.find((entity) => entity.label === node.label)?.indices ?? [];
  if (indices.length !== 1 || indices[0].includes('*')) {
    conditions.push(`n._index = ${gqlString(node.document._index)}`);
  }
  return [
    `MATCH (n:${gqlName(node.label)})${edge}(m:${gqlName(along.other)})`,
    `WHERE ${conditions.join(' AND ')}`,
    `RETURN n, m`,
    `LIMIT ${limit}`,
  ].join('\n');
}

/** A GQL string literal: `'` doubled and `\` escaped, as the lexer reads them (common/gql/unescape.ts). */
function gqlString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
