import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { DRAWING_STYLE, drawingElements, labelColors } from './drawing_elements';
import type { Subgraph } from './subgraph';

const graph: Subgraph = {
  nodes: [
    {
      key: 'demo-articles/1',
      label: 'Article',
      caption: 'A very long article title that goes on and on',
      document: { _index: 'demo-articles', _id: '1', _source: {} },
    },
    {
      key: 'demo-companies/3',
      label: 'Company',
      caption: 'Cobalt Health',
      document: { _index: 'demo-companies', _id: '3', _source: {} },
    },
  ],
  edges: [
    {
      key: 'k',
      source: 'demo-articles/1',
      target: 'demo-companies/3',
      label: 'MENTIONS',
      directed: true,
      indirect: false,
    },
  ],
  labels: ['Company', 'Article'],
};

describe('labelColors', () => {
  it('gives labels the palette in order, repeating it past its end', () => {
    expect([...labelColors(['A', 'B', 'C'], ['#1', '#2'])]).toEqual([
      ['A', '#1'],
      ['B', '#2'],
      ['C', '#1'],
    ]);
  });
});

describe('drawingElements', () => {
  const colors = labelColors(graph.labels, ['#54B399', '#6092C0']);
  const elements = drawingElements(graph, colors);

  it('makes a coloured node per document and an edge per link', () => {
    expect(elements).toEqual([
      {
        group: 'nodes',
        data: {
          id: 'demo-articles/1',
          // Whole: cytoscape cuts it to the caption width on screen (text-max-width).
          caption: 'A very long article title that goes on and on',
          label: 'Article',
          color: '#6092C0',
        },
      },
      {
        group: 'nodes',
        data: {
          id: 'demo-companies/3',
          caption: 'Cobalt Health',
          label: 'Company',
          color: '#54B399',
        },
      },
      {
        group: 'edges',
        data: {
          id: 'e0',
          source: 'demo-articles/1',
          target: 'demo-companies/3',
          label: 'MENTIONS',
        },
        classes: 'directed',
      },
    ]);
  });

  it('marks documents linked to three or more others as hubs (their captions are larger)', () => {
    const star: Subgraph = {
      ...graph,
      nodes: [
        ...graph.nodes,
        ...[2, 4, 5].map((id) => ({
          key: `demo-articles/${id}`,
          label: 'Article',
          caption: `Article ${id}`,
          document: { _index: 'demo-articles', _id: String(id), _source: {} },
        })),
      ],
      edges: [2, 4, 5].map((id) => ({
        key: `k${id}`,
        source: `demo-articles/${id}`,
        target: 'demo-companies/3',
        label: 'MENTIONS',
        directed: true,
        indirect: false,
      })),
    };
    const hubs = drawingElements(star, colors)
      .filter((element) => element.classes === 'hub')
      .map((element) => element.data.id);
    expect(hubs).toEqual(['demo-companies/3']);
  });

  it('loads into cytoscape (headless) with its style and lays out', () => {
    const cy = cytoscape({ headless: true, styleEnabled: true, elements, style: DRAWING_STYLE });
    cy.layout({ name: 'cose', animate: false }).run();
    expect(cy.nodes().map((node) => node.id())).toEqual(['demo-articles/1', 'demo-companies/3']);
    expect(cy.edges()[0].source().id()).toBe('demo-articles/1');
    expect(cy.edges()[0].hasClass('directed')).toBe(true);
    expect(cy.nodes()[0].style('background-color')).toBe('rgb(96,146,192)');
    // Captions are cut to one width by cytoscape (the data keeps the whole caption).
    expect(cy.nodes()[0].style('text-wrap')).toBe('ellipsis');
    expect(cy.nodes()[0].style('text-max-width')).toBe('130px');
    cy.destroy();
  });
});
