import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { httpError, RecordingHttp } from '../test_support/recording_http';
import { SavedQueryPicker } from './pick_saved_query';
import type { PanelProps, SavedGqlQueryInput } from './saved_query_embeddable';
import { SavedQueryPanel } from './saved_query_panel';

const model = {
  label: 'news',
  entities: [
    { label: 'Article', indices: ['articles'], id: 'id', time_field: 'published' },
    { label: 'Company', indices: ['companies'], id: 'id' },
  ],
  relations: [
    {
      label: 'MENTIONS',
      from: { entity: 'Article', field: 'company_id' },
      to: { entity: 'Company' },
    },
  ],
};
const QUERY = 'MATCH (a:Article)-[:MENTIONS]->(c:Company) RETURN c.name, COUNT(*)';

function panelHttp(rows: unknown[][] = [['Acme', 2]]) {
  return new RecordingHttp()
    .on('GET', '/_svc/graph/query/mentions', () => ({
      _id: 'mentions',
      found: true,
      _source: { title: 'Mentions per company', query: QUERY, model },
    }))
    .on('POST', '/svc/_graph', () => ({
      header: ['c.name', 'COUNT(*)'],
      rows,
      query_plan_execution: { took_in_millis: 3, start_in_millis: 0, stop_in_millis: 3 },
    }));
}

const input = (changes: Partial<SavedGqlQueryInput> = {}): SavedGqlQueryInput => ({
  id: 'panel-1',
  savedQueryId: 'mentions',
  view: 'table',
  timeRange: { from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T23:59:59.999Z' },
  ...changes,
});

describe('the saved GQL query panel', () => {
  it('draws the picture without offering expansion, and says so in its hint', async () => {
    const doc = (index: string, id: string) => ({ _index: index, _id: id, _source: { id } });
    const http = new RecordingHttp()
      .on('GET', '/_svc/graph/query/mentions', () => ({
        _id: 'mentions',
        found: true,
        _source: {
          title: 'Mentions',
          query: 'MATCH (a:Article)-[:MENTIONS]->(c:Company) RETURN a, c',
          model,
        },
      }))
      .on('POST', '/svc/_graph', () => ({
        header: ['a', 'c'],
        rows: [[doc('articles', '1'), doc('companies', '7')]],
        query_plan_execution: { took_in_millis: 3, start_in_millis: 0, stop_in_millis: 3 },
      }));
    render(
      <SavedQueryPanel
        http={http}
        input={input({ view: 'picture' })}
        reloads={0}
        onOutput={() => undefined}
      />
    );
    const hint = await screen.findByText(/Click a document to see it/);
    expect(hint.textContent).not.toContain('right-click');
  });

  it('runs the saved query with the dashboard’s time range and shows its table and title', async () => {
    const http = panelHttp();
    const outputs: unknown[] = [];
    const props: PanelProps = {
      http,
      input: input(),
      reloads: 0,
      onOutput: (changes) => outputs.push(changes),
    };
    const { rerender } = render(<SavedQueryPanel {...props} />);
    expect(await screen.findByText('Acme')).toBeTruthy();
    expect(screen.getByText('1 row')).toBeTruthy();
    expect(screen.getByTestId('federationPanelTimeNote').textContent).toContain(
      'Time range filters Article'
    );
    expect(http.callsTo('POST', '/svc/_graph').map((call) => call.body)).toEqual([
      {
        model,
        query: QUERY,
        time_range: { from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T23:59:59.999Z' },
      },
    ]);
    expect(outputs).toContainEqual({
      defaultTitle: 'Mentions per company',
      title: 'Mentions per company',
    });
    expect(outputs.at(-1)).toEqual({ loading: false });

    // The dashboard's Refresh runs it again; a new title alone does not.
    rerender(<SavedQueryPanel {...props} input={input({ title: 'Renamed' })} />);
    rerender(<SavedQueryPanel {...props} input={input({ lastReloadRequestTime: 5 })} />);
    await waitFor(() => expect(http.callsTo('POST', '/svc/_graph')).toHaveLength(2));
    // A new time range too, sent as it now reads.
    rerender(
      <SavedQueryPanel
        {...props}
        input={input({
          lastReloadRequestTime: 5,
          timeRange: { from: '2026-01-10T00:00:00.000Z', to: '2026-01-20T00:00:00.000Z' },
        })}
      />
    );
    await waitFor(() => expect(http.callsTo('POST', '/svc/_graph')).toHaveLength(3));
    expect(http.callsTo('POST', '/svc/_graph')[2].body).toMatchObject({
      time_range: { from: '2026-01-10T00:00:00.000Z', to: '2026-01-20T00:00:00.000Z' },
    });
  });

  it('says the dashboard’s query and filters do not apply, and shows a failed run’s reason', async () => {
    const http = panelHttp().on('POST', '/svc/_graph', () => {
      throw httpError(
        400,
        'illegal_argument_exception',
        '[model.entities[0].time_field] the field [published] is not mapped'
      );
    });
    render(
      <SavedQueryPanel
        http={http}
        input={input({ query: { query: 'sector:energy', language: 'kuery' } })}
        reloads={0}
        onOutput={() => undefined}
      />
    );
    expect(await screen.findByText(/the field \[published\] is not mapped/)).toBeTruthy();
    expect(screen.getByTestId('federationPanelQueryNote').textContent).toContain(
      "The dashboard's query and filters do not apply"
    );
  });

  it('names a saved query that is gone', async () => {
    const http = new RecordingHttp().on('GET', '/_svc/graph/query/mentions', () => {
      throw httpError(404, 'resource_not_found_exception', 'saved query [mentions] not found');
    });
    render(<SavedQueryPanel http={http} input={input()} reloads={0} onOutput={() => undefined} />);
    const callout = await screen.findByTestId('federationPanelError');
    expect(callout.textContent).toContain('The saved query could not be read');
    expect(callout.textContent).toContain('saved query [mentions] not found');
    expect(http.callsTo('POST', '/svc/_graph')).toEqual([]);
  });
});

describe('the saved GQL query picker', () => {
  it('lists the saved queries, searches them, and answers the chosen one with its view', async () => {
    const http = new RecordingHttp().on('GET', '/_svc/graph/query/_search', (call) => ({
      hits: {
        total: { value: 2, relation: 'eq' },
        hits: [
          { _id: 'mentions', _score: null, _source: { title: 'Mentions per company' } },
          { _id: 'funds', _score: null, _source: { title: 'Funds' } },
        ].filter(
          (hit) => !call.query?.q || hit._source.title.toLowerCase().includes(String(call.query.q))
        ),
      },
    }));
    const answers: unknown[] = [];
    render(<SavedQueryPicker http={http} onClose={(picked) => answers.push(picked)} />);
    const user = userEvent.setup();
    await screen.findByText('Funds');
    expect(screen.getByRole('dialog', { name: 'Add a saved GQL query' })).toBeTruthy();
    expect((screen.getByTestId('federationPickQueryAdd') as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByTestId('federationPickQuerySearch'), 'mentions');
    await waitFor(() => expect(screen.queryByText('Funds')).toBeNull());
    expect(http.callsTo('GET', '/_svc/graph/query/_search').at(-1)!.query).toMatchObject({
      q: 'mentions',
      size: 50,
    });
    await user.click(screen.getByText('Mentions per company'));
    await user.click(screen.getByTestId('federationPickViewPicture'));
    await user.click(screen.getByTestId('federationPickQueryAdd'));
    expect(answers).toEqual([
      { savedQueryId: 'mentions', view: 'picture', title: 'Mentions per company' },
    ]);
  });

  it('answers null on Cancel', async () => {
    const http = new RecordingHttp().on('GET', '/_svc/graph/query/_search', () => ({
      hits: { total: { value: 0, relation: 'eq' }, hits: [] },
    }));
    const answers: unknown[] = [];
    render(<SavedQueryPicker http={http} onClose={(picked) => answers.push(picked)} />);
    expect(await screen.findByText(/No saved GQL query yet/)).toBeTruthy();
    await userEvent.setup().click(screen.getByTestId('federationPickQueryCancel'));
    expect(answers).toEqual([null]);
  });
});
