import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../../common/gql';
import investments from '../../../../scripts/demo/investments_graph.json';
import type { GraphDocument } from '../../../services/api/graph_api';
import { modelOutline } from '../model_text';
import { extractSubgraph, type SubgraphResult } from './subgraph';

const model = modelOutline(investments);

function statementOf(query: string) {
  const { statement, errors } = parseGql(query);
  expect(errors).toEqual([]);
  return statement!;
}

const company = (id: number, name = `Company ${id}`): GraphDocument => ({
  _index: 'demo-companies',
  _id: String(id),
  _source: { id, name },
});
const article = (id: number): GraphDocument => ({
  _index: 'demo-articles',
  _id: String(id),
  _source: { id, title: `Article ${id}` },
});
const investment = (id: number): GraphDocument => ({
  _index: 'demo-investments',
  _id: String(id),
  _source: { id, investor: `Investor ${id}` },
});

function graphOf(result: SubgraphResult) {
  if (result.kind !== 'graph') throw new Error(`expected a graph, got ${result.kind}`);
  return result.graph;
}

describe('extractSubgraph', () => {
  it('makes a node per distinct document and an edge per adjacent pair, labelled and directed', () => {
    const statement = statementOf(
      'SELECT a, c.name, c FROM "investments" MATCH (a:Article)-[:MENTIONS]->(c:Company)'
    );
    const graph = graphOf(
      extractSubgraph(
        statement,
        [
          [article(1), 'Company 3', company(3)],
          [article(2), 'Company 3', company(3)],
          [article(1), 'Company 3', company(3)],
        ],
        model
      )
    );
    expect(graph.nodes.map((n) => [n.key, n.label, n.caption])).toEqual([
      ['demo-articles/1', 'Article', 'Article 1'],
      ['demo-companies/3', 'Company', 'Company 3'],
      ['demo-articles/2', 'Article', 'Article 2'],
    ]);
    expect(graph.edges.map((e) => [e.source, e.target, e.label, e.directed, e.indirect])).toEqual([
      ['demo-articles/1', 'demo-companies/3', 'MENTIONS', true, false],
      ['demo-articles/2', 'demo-companies/3', 'MENTIONS', true, false],
    ]);
    // Legend in the model's order.
    expect(graph.labels).toEqual(['Company', 'Article']);
  });

  it('points a left arrow from the right node, and resolves a bare arrow from the model', () => {
    const statement = statementOf(
      'SELECT c, i FROM "investments" MATCH (c:Company)<-(i:Investment)'
    );
    const graph = graphOf(extractSubgraph(statement, [[company(1), investment(7)]], model));
    expect(graph.edges).toEqual([
      expect.objectContaining({
        source: 'demo-investments/7',
        target: 'demo-companies/1',
        label: 'FUNDS',
        directed: true,
      }),
    ]);
  });

  it('joins selected variables through unselected ones with an indirect edge', () => {
    const statement = statementOf(
      'SELECT i, a FROM "investments" MATCH (i:Investment)-[:FUNDS]->(c:Company)<-[:MENTIONS]-(a:Article)'
    );
    const graph = graphOf(extractSubgraph(statement, [[investment(1), article(2)]], model));
    expect(graph.nodes.map((n) => n.key)).toEqual(['demo-investments/1', 'demo-articles/2']);
    // The hops point both ways, so the drawn edge has no direction.
    expect(graph.edges).toEqual([
      expect.objectContaining({
        source: 'demo-investments/1',
        target: 'demo-articles/2',
        label: 'FUNDS · MENTIONS',
        directed: false,
        indirect: true,
      }),
    ]);
  });

  it('treats side-by-side node patterns and a repeated variable as one node', () => {
    const statement = statementOf(
      'SELECT x, a FROM "investments" MATCH (x:Company) (y), (a:Article)-[:MENTIONS]->(y)'
    );
    const graph = graphOf(extractSubgraph(statement, [[company(5), article(9)]], model));
    expect(graph.edges).toEqual([
      expect.objectContaining({ source: 'demo-articles/9', target: 'demo-companies/5' }),
    ]);
  });

  it('writes quantifiers and undirected edges, and labels an unlabelled node by its index', () => {
    const statement = statementOf('SELECT a, b FROM "investments" MATCH (a)-[:MENTIONS]-{1,2}(b)');
    const graph = graphOf(extractSubgraph(statement, [[article(1), company(2)]], model));
    expect(graph.nodes.map((n) => n.label)).toEqual(['Article', 'Company']);
    expect(graph.edges[0]).toEqual(
      expect.objectContaining({ label: 'MENTIONS{1,2}', directed: false, indirect: false })
    );
  });

  it('says when there is nothing to draw', () => {
    const names = statementOf('SELECT c.name FROM "investments" MATCH (c:Company)');
    expect(extractSubgraph(names, [['x']], model)).toEqual({ kind: 'no_variables' });
    const whole = statementOf('SELECT c FROM "investments" MATCH (c:Company)');
    expect(extractSubgraph(whole, [], model)).toEqual({ kind: 'empty' });
  });

  it('refuses to draw more distinct documents than the limit, counting them all', () => {
    const statement = statementOf(
      'SELECT a, c FROM "investments" MATCH (a:Article)-[:MENTIONS]->(c:Company)'
    );
    const rows = Array.from({ length: 6 }, (_, i) => [article(i), company(i % 2)]);
    expect(extractSubgraph(statement, rows, model, 5)).toEqual({
      kind: 'too_many',
      nodes: 8,
      limit: 5,
    });
    expect(extractSubgraph(statement, rows, model, 8).kind).toBe('graph');
  });

  it('links the variables of an OPTIONAL MATCH, with no edge where a row left one null', () => {
    const statement = statementOf(
      'MATCH (c:Company) OPTIONAL MATCH (c)<-[:FUNDS]-(i:Investment) RETURN c, i'
    );
    const graph = graphOf(
      extractSubgraph(
        statement,
        [
          [company(3), investment(7)],
          [company(4), null],
        ],
        model
      )
    );
    expect(graph.nodes.map((n) => [n.key, n.label])).toEqual([
      ['demo-companies/3', 'Company'],
      ['demo-investments/7', 'Investment'],
      ['demo-companies/4', 'Company'],
    ]);
    expect(graph.edges.map((e) => [e.source, e.target, e.label])).toEqual([
      ['demo-investments/7', 'demo-companies/3', 'FUNDS'],
    ]);
  });

  it('names an edge with relation alternatives as written', () => {
    const statement = statementOf('MATCH (c:Company)<-[:FUNDS|MENTIONS]-(x) RETURN c, x');
    const graph = graphOf(extractSubgraph(statement, [[company(3), investment(7)]], model));
    expect(graph.edges.map((e) => [e.source, e.target, e.label])).toEqual([
      ['demo-investments/7', 'demo-companies/3', 'FUNDS|MENTIONS'],
    ]);
    // The node without a label takes its document's entity.
    expect(graph.nodes.map((n) => n.label)).toEqual(['Company', 'Investment']);
  });
});
