import { describe, expect, it } from 'vitest';
import investments from '../../../../scripts/demo/investments_graph.json';
import type { GraphDocument, GraphResponse } from '../../../services/api/graph_api';
import { modelOutline } from '../model_text';
import type { GraphRunVariables } from '../use_graph_run';
import { layeredSubgraph, nextLayers, type PictureLayer } from './picture_layers';

const model = modelOutline(investments);

const doc = (index: string, id: number, field: string): GraphDocument => ({
  _index: index,
  _id: String(id),
  _source: { id, [field]: `${field} ${id}` },
});
const company = (id: number) => doc('demo-companies', id, 'name');
const article = (id: number) => doc('demo-articles', id, 'title');
const investment = (id: number) => doc('demo-investments', id, 'investor');

const base: PictureLayer = {
  query: 'SELECT a, c FROM "investments" MATCH (a:Article)-[:MENTIONS]->(c:Company)',
  rows: [
    [article(1), company(3)],
    [article(2), company(4)],
  ],
  model,
};
/** Company 3 expanded along FUNDS. */
const funds: PictureLayer = {
  query: "MATCH (n:Company)<-[:FUNDS]-(m:Investment) WHERE n._id = '3' RETURN n, m LIMIT 50",
  rows: [
    [company(3), investment(7)],
    [company(3), investment(8)],
  ],
  model,
};

function graphOf(layers: PictureLayer[], limit?: number) {
  const result = layeredSubgraph(layers, limit);
  if (result?.kind !== 'graph') throw new Error(`expected a graph, got ${result?.kind}`);
  return result.graph;
}

describe('layeredSubgraph', () => {
  it('adds the documents and links of an expansion to the picture, keeping its order', () => {
    const graph = graphOf([base, funds]);
    expect(graph.nodes.map((n) => [n.key, n.label])).toEqual([
      ['demo-articles/1', 'Article'],
      ['demo-companies/3', 'Company'],
      ['demo-articles/2', 'Article'],
      ['demo-companies/4', 'Company'],
      ['demo-investments/7', 'Investment'],
      ['demo-investments/8', 'Investment'],
    ]);
    expect(graph.edges.map((e) => [e.source, e.target, e.label, e.directed])).toEqual([
      ['demo-articles/1', 'demo-companies/3', 'MENTIONS', true],
      ['demo-articles/2', 'demo-companies/4', 'MENTIONS', true],
      ['demo-investments/7', 'demo-companies/3', 'FUNDS', true],
      ['demo-investments/8', 'demo-companies/3', 'FUNDS', true],
    ]);
    // The legend in the model's order.
    expect(graph.labels).toEqual(['Company', 'Article', 'Investment']);
  });

  it('draws a document and a link once, however many answers hold them', () => {
    const again: PictureLayer = {
      query: "MATCH (n:Company)<-[:MENTIONS]-(m:Article) WHERE n._id = '3' RETURN n, m",
      rows: [[company(3), article(1)]],
      model,
    };
    expect(graphOf([base, again])).toEqual(graphOf([base]));
  });

  it('keeps the picture when an expansion finds nothing, and refuses one past the limit', () => {
    expect(graphOf([base, { ...funds, rows: [] }])).toEqual(graphOf([base]));
    expect(layeredSubgraph([base, funds], 5)).toEqual({ kind: 'too_many', nodes: 6, limit: 5 });
  });

  it('says what the first answer says when it draws nothing', () => {
    expect(layeredSubgraph([{ ...base, rows: [] }, funds])).toEqual({ kind: 'empty' });
    expect(layeredSubgraph([{ ...base, query: 'SELECT (' }])).toBeNull();
    expect(layeredSubgraph([])).toBeNull();
  });
});

describe('nextLayers', () => {
  const response = { header: ['n', 'm'], rows: funds.rows } as unknown as GraphResponse;
  const variables = (expansion?: { from: string }): GraphRunVariables => ({
    mode: 'run',
    request: { model: investments, query: funds.query },
    detailed: false,
    ...(expansion ? { expansion } : {}),
  });

  it('adds an expansion to the layers before it; any other run starts anew', () => {
    const expanded = nextLayers([base], variables({ from: 'demo-companies/3' }), response, model);
    expect(expanded).toEqual([base, { query: funds.query, rows: funds.rows, model }]);
    expect(nextLayers([base], variables(), response, model)).toEqual([
      { query: funds.query, rows: funds.rows, model },
    ]);
    expect(nextLayers([], variables({ from: 'x' }), response, model)).toHaveLength(1);
  });
});
