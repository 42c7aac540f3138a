/**
 * The picture as the user explores it: the answer of a run, then the answer of each neighbour
 * expansion run from it (neighbour_expansion.ts), merged into one subgraph. A document is one
 * node however many answers hold it (its key, `index/id`), an edge is drawn once, and what was
 * drawn stays in the order it came, so the drawing only grows.
 */
import { parseGql } from '../../../../common/gql';
import type { GraphModelJson, GraphResponse } from '../../../services/api/graph_api';
import type { GraphRunVariables } from '../use_graph_run';
import {
  extractSubgraph,
  MAX_PICTURE_NODES,
  type SubgraphEdge,
  type SubgraphNode,
  type SubgraphResult,
} from './subgraph';

/** One answer drawn: the query that produced the rows, and the model it ran over. */
export interface PictureLayer {
  query: string;
  rows: readonly (readonly unknown[])[];
  model: GraphModelJson;
}

/**
 * The layers after a run: an expansion adds its answer to the picture it started from; any other
 * run (or an EXPLAIN, which draws nothing) starts anew.
 */
export function nextLayers(
  previous: readonly PictureLayer[],
  variables: GraphRunVariables,
  response: GraphResponse,
  model: GraphModelJson
): PictureLayer[] {
  const layer = { query: variables.request.query, rows: response.rows, model };
  return variables.expansion && previous.length > 0 ? [...previous, layer] : [layer];
}

/**
 * The merged subgraph of `layers`. The first layer says whether there is a picture at all (no
 * whole variable, no row); a later layer adds what it drew (an expansion with no neighbour adds
 * nothing). Past `limit` documents in all, nothing is drawn, as for one answer.
 */
export function layeredSubgraph(
  layers: readonly PictureLayer[],
  limit = MAX_PICTURE_NODES
): SubgraphResult | null {
  let merged = null as SubgraphResult | null;
  for (const layer of layers) {
    const { statement } = parseGql(layer.query);
    if (!statement) {
      if (merged === null) return null;
      continue;
    }
    const result = extractSubgraph(statement, layer.rows, layer.model, limit);
    if (merged === null) {
      merged = result;
      continue;
    }
    if (merged.kind !== 'graph') return merged;
    if (result.kind === 'too_many') {
      return { kind: 'too_many', nodes: merged.graph.nodes.length + result.nodes, limit };
    }
    if (result.kind !== 'graph') continue;
    const nodes = new Map<string, SubgraphNode>(merged.graph.nodes.map((node) => [node.key, node]));
    for (const node of result.graph.nodes) if (!nodes.has(node.key)) nodes.set(node.key, node);
    if (nodes.size > limit) return { kind: 'too_many', nodes: nodes.size, limit };
    const edges = new Map<string, SubgraphEdge>(merged.graph.edges.map((edge) => [edge.key, edge]));
    for (const edge of result.graph.edges) if (!edges.has(edge.key)) edges.set(edge.key, edge);
    const labels: string[] = [...merged.graph.labels];
    for (const label of result.graph.labels) if (!labels.includes(label)) labels.push(label);
    merged = {
      kind: 'graph',
      graph: {
        nodes: [...nodes.values()],
        edges: [...edges.values()],
        labels: inModelOrder(labels, layer.model),
      },
    };
  }
  return merged;
}

/** The legend: the model's entities in its order, then labels it does not name, as met. */
function inModelOrder(labels: string[], model: GraphModelJson): string[] {
  const order = model.entities.map((entity) => entity.label);
  const known = order.filter((label) => labels.includes(label));
  return [...known, ...labels.filter((label) => !order.includes(label))];
}
