import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../../common/gql';
import investments from '../../../../scripts/demo/investments_graph.json';
import type { GraphModelJson } from '../../../services/api/graph_api';
import { modelOutline } from '../model_text';
import {
  expansionQuery,
  neighbourRelations,
  relationCaption,
  type NeighbourRelation,
} from './neighbour_expansion';
import type { SubgraphNode } from './subgraph';

const demo = modelOutline(investments);

const node = (label: string, index: string, id: string): SubgraphNode => ({
  key: `${index}/${id}`,
  document: { _index: index, _id: id, _source: {} },
  label,
  caption: id,
});

describe('neighbourRelations', () => {
  it("lists the model's relations that touch the entity, with the side it is on", () => {
    expect(neighbourRelations(demo, 'Company')).toEqual([
      { relation: 'MENTIONS', direction: 'in', other: 'Article' },
      { relation: 'FUNDS', direction: 'in', other: 'Investment' },
    ]);
    expect(neighbourRelations(demo, 'Article')).toEqual([
      { relation: 'MENTIONS', direction: 'out', other: 'Company' },
    ]);
    expect(neighbourRelations(demo, 'demo-other-index')).toEqual([]);
  });

  it('lists a relation from an entity to itself once per direction', () => {
    const model: GraphModelJson = {
      label: 'g',
      entities: [{ label: 'Person', indices: ['people'] }],
      relations: [
        { label: 'KNOWS', from: { entity: 'Person', field: 'knows' }, to: { entity: 'Person' } },
      ],
    };
    const both = neighbourRelations(model, 'Person');
    expect(both).toEqual([
      { relation: 'KNOWS', direction: 'out', other: 'Person' },
      { relation: 'KNOWS', direction: 'in', other: 'Person' },
    ]);
    expect(both.map(relationCaption)).toEqual(['KNOWS → Person', '← KNOWS Person']);
  });
});

describe('expansionQuery', () => {
  const mentions: NeighbourRelation = { relation: 'MENTIONS', direction: 'in', other: 'Article' };

  it('matches the node by its id along the relation, in the MATCH … RETURN form', () => {
    const query = expansionQuery(demo, {
      node: node('Company', 'demo-companies', '3'),
      along: mentions,
    });
    expect(query).toBe(
      [
        'MATCH (n:Company)<-[:MENTIONS]-(m:Article)',
        "WHERE n._id = '3'",
        'RETURN n, m',
        'LIMIT 50',
      ].join('\n')
    );
    const { statement, errors } = parseGql(query);
    expect(errors).toEqual([]);
    expect(statement?.form).toBe('match');
    expect(
      expansionQuery(demo, {
        node: node('Article', 'demo-articles', '7'),
        along: { relation: 'MENTIONS', direction: 'out', other: 'Company' },
      }).split('\n')[0]
    ).toBe('MATCH (n:Article)-[:MENTIONS]->(m:Company)');
  });

  it('quotes odd names and ids, and names the index where the entity has several', () => {
    const model: GraphModelJson = {
      label: 'g',
      entities: [
        { label: 'Odd label', indices: ['logs-*'] },
        { label: 'Host', indices: ['hosts'] },
      ],
      relations: [
        { label: 'RUNS ON', from: { entity: 'Odd label', field: 'h' }, to: { entity: 'Host' } },
      ],
    };
    const query = expansionQuery(
      model,
      {
        node: node('Odd label', 'logs-2026', "it's \\ odd"),
        along: { relation: 'RUNS ON', direction: 'out', other: 'Host' },
      },
      10
    );
    expect(query).toBe(
      [
        'MATCH (n:`Odd label`)-[:`RUNS ON`]->(m:Host)',
        "WHERE n._id = 'it''s \\\\ odd' AND n._index = 'logs-2026'",
        'RETURN n, m',
        'LIMIT 10',
      ].join('\n')
    );
    const { statement, errors } = parseGql(query);
    expect(errors).toEqual([]);
    // The id reads back as it was.
    const where = statement!.where!;
    if (where.kind !== 'and' || where.left.kind !== 'comparison') throw new Error(where.kind);
    expect(where.left.right).toMatchObject({ kind: 'literal', value: "it's \\ odd" });
  });
});
