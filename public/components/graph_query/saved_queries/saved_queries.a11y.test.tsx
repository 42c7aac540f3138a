import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { listAnswer, RecordingHttp } from '../../../test_support/recording_http';
import { memoryHistory, renderWithServices } from '../../../test_support/render_with_services';
import { ModelEditor } from '../model_editor/model_editor';
import { SavedQueriesToolbar } from './saved_queries_toolbar';

const subj = (name: string) => document.querySelector<HTMLElement>(`[data-test-subj="${name}"]`);

/** Serious and critical axe violations (colour contrast needs layout, which jsdom lacks). */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const model = {
  label: 'investments',
  entities: [
    { label: 'Company', indices: ['demo-companies'], id: 'id' },
    { label: 'Article', indices: ['demo-articles'] },
  ],
  relations: [
    {
      label: 'MENTIONS',
      from: { entity: 'Article', field: 'company_id' },
      to: { entity: 'Company' },
    },
  ],
};

function Screen() {
  const [modelText, setModelText] = useState(JSON.stringify(model, null, 2));
  return (
    <main>
      <h1>Graph query</h1>
      <SavedQueriesToolbar draft={{ query: 'SELECT c.name', modelText }} onOpen={() => {}} />
      <ModelEditor value={modelText} onChange={setModelText} />
    </main>
  );
}

describe('saved queries and model editor accessibility (axe, in jsdom)', () => {
  it(
    'has no serious or critical violation in the toolbar, its dialogs and the form',
    {
      timeout: 60_000,
    },
    async () => {
      const source = { title: 'News', description: 'd', query: 'SELECT c.name', model };
      const http = new RecordingHttp()
        .on('GET', /^\/_svc\/graph\/query\/[^/]+$/, () => ({ _id: 'q1', _source: source }))
        .on('GET', '/_svc/graph/query/_search', () => ({
          hits: {
            total: { value: 1, relation: 'eq' },
            hits: [{ _id: 'q1', _score: null, _source: { title: source.title } }],
          },
        }))
        .on('GET', '/svc/_resolve/index/*', () => ({
          indices: [{ name: 'demo-companies', attributes: ['open'] }],
          aliases: [],
          data_streams: [],
        }))
        .on('GET', '/_svc/connector/index/_search', () => listAnswer('.v', {}))
        .on('GET', /\/_mapping$/, () => ({
          'demo-companies': { mappings: { properties: { id: { type: 'keyword' } } } },
        }));
      const user = userEvent.setup();
      renderWithServices(<Screen />, http, memoryHistory('/graph-query/q1'));
      await waitFor(() => expect(subj('federationSavedQueriesTitle')?.textContent).toBe('News'));
      // The lazily loaded editor is in place (its loading spinner is the shared editor's).
      await screen.findByRole('textbox', { name: 'Graph model JSON' });
      expect(await seriousViolations()).toEqual([]);

      await user.click(subj('federationModelEditorViewForm')!);
      await waitFor(() => expect(subj('federationModelEditorRelation-0')).toBeTruthy());
      expect(await seriousViolations()).toEqual([]);

      await user.click(subj('federationSavedQueriesOpenButton')!);
      await waitFor(() => expect(subj('federationSavedQueriesOpen-q1')).toBeTruthy());
      expect(await seriousViolations()).toEqual([]);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(subj('federationSavedQueriesFlyout')).toBeNull());

      await user.click(subj('federationSavedQueriesSaveAsButton')!);
      expect(subj('federationSavedQueriesSaveModal')).toBeTruthy();
      expect(await seriousViolations()).toEqual([]);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(subj('federationSavedQueriesSaveModal')).toBeNull());

      await user.click(subj('federationSavedQueriesDeleteButton')!);
      expect(subj('federationSavedQueriesDeleteModal')).toBeTruthy();
      expect(await seriousViolations()).toEqual([]);
    }
  );
});
