import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'fs';
import path from 'path';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { httpError, listAnswer, RecordingHttp } from '../../../test_support/recording_http';
import { renderWithServices } from '../../../test_support/render_with_services';
import { ModelEditor } from './model_editor';

const demoText = readFileSync(
  path.resolve(__dirname, '../../../../scripts/demo/investments_graph.json'),
  'utf8'
);

/** The editor over state, as the graph screen holds it; the text is shown for the test to read. */
function Harness({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  return (
    <>
      <ModelEditor value={text} onChange={setText} />
      <pre data-test-subj="harnessText">{text}</pre>
    </>
  );
}

const subj = (name: string): HTMLElement => {
  const element = document.querySelector<HTMLElement>(`[data-test-subj="${name}"]`);
  if (!element) throw new Error(`no element with data-test-subj="${name}"`);
  return element;
};
const modelJson = () => JSON.parse(subj('harnessText').textContent ?? '');

function clusterHttp(): RecordingHttp {
  return new RecordingHttp()
    .on('GET', '/svc/_resolve/index/*', () => ({
      indices: [
        { name: 'demo-companies', attributes: ['open'] },
        { name: 'demo-articles', attributes: ['open'] },
        // The empty concrete index a virtual index keeps: listed once, as virtual.
        { name: 'sql-orders', attributes: ['open'] },
      ],
      aliases: [{ name: 'companies', indices: ['demo-companies'] }],
      data_streams: [],
    }))
    .on('GET', '/_svc/connector/index/_search', () =>
      listAnswer('.federation-virtual-indices', {
        'sql-orders': { datasource: 'pg', resource: 'orders', columns: [] },
      })
    )
    .on('GET', '/svc/demo-companies/_mapping', () => ({
      'demo-companies': {
        mappings: {
          properties: {
            id: { type: 'keyword' },
            name: { type: 'text', fields: { keyword: { type: 'keyword' } } },
          },
        },
      },
    }))
    .on('GET', '/svc/demo-articles/_mapping', () => ({
      'demo-articles': {
        mappings: { properties: { id: { type: 'keyword' }, company_id: { type: 'keyword' } } },
      },
    }))
    .on('GET', '/svc/demo-investments/_mapping', () => {
      throw httpError(404, 'index_not_found_exception', 'no such index [demo-investments]');
    });
}

/** The open combo box's option list (OUI marks it `role="listBox"`, which is not an ARIA role). */
const optionsList = () =>
  waitFor(() => {
    const list = document.querySelector<HTMLElement>('[data-test-subj^="comboBoxOptionsList"]');
    if (!list) throw new Error('no open option list');
    return list;
  });

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Form' }));
}

describe('ModelEditor', () => {
  let http: RecordingHttp;
  beforeEach(() => {
    http = clusterHttp();
  });

  it('edits the JSON in the code editor, labelled for screen readers', async () => {
    const user = userEvent.setup();
    renderWithServices(<Harness initial="" />, http);
    const editor = await screen.findByRole('textbox', { name: 'Graph model JSON' });
    await user.click(editor);
    await user.paste('{"label":"g"}');
    expect(modelJson()).toEqual({ label: 'g' });
  });

  it('shows the JSON model in the form and writes form edits back as JSON', async () => {
    const user = userEvent.setup();
    renderWithServices(<Harness initial={demoText} />, http);
    await openForm(user);

    expect(screen.getByRole('textbox', { name: 'Graph name' })).toHaveProperty(
      'value',
      'investments'
    );
    const company = within(subj('federationModelEditorEntity-0'));
    expect(company.getByRole('textbox', { name: 'Label' })).toHaveProperty('value', 'Company');
    expect(company.getByText('demo-companies')).toBeTruthy();
    const mentions = subj('federationModelEditorRelation-0');
    expect(within(mentions).getByRole('combobox', { name: 'From entity' })).toHaveProperty(
      'value',
      'Article'
    );

    await user.clear(screen.getByRole('textbox', { name: 'Graph name' }));
    await user.paste('deals');

    // Everything else is kept as it was, key order included.
    const expected = { ...JSON.parse(demoText), label: 'deals' };
    expect(subj('harnessText').textContent).toBe(JSON.stringify(expected, null, 2));

    // And the JSON view shows the form's text.
    await user.click(screen.getByRole('radio', { name: 'JSON' }));
    expect(await screen.findByRole('textbox', { name: 'Graph model JSON' })).toHaveProperty(
      'value',
      JSON.stringify(expected, null, 2)
    );
  });

  it('shows JSON edits in the form', async () => {
    const user = userEvent.setup();
    renderWithServices(<Harness initial={demoText} />, http);
    const editor = await screen.findByRole('textbox', { name: 'Graph model JSON' });
    await user.clear(editor);
    await user.click(editor);
    await user.paste('{"label":"g","entities":[{"label":"Person","indices":["people"]}]}');
    await openForm(user);
    expect(
      within(subj('federationModelEditorEntity-0')).getByRole('textbox', { name: 'Label' })
    ).toHaveProperty('value', 'Person');
    expect(document.querySelector('[data-test-subj="federationModelEditorEntity-1"]')).toBeNull();
  });

  it('adds an entity with indices and an id field, then removes it', async () => {
    const user = userEvent.setup();
    renderWithServices(<Harness initial='{"label":"g","entities":[]}' />, http);
    await openForm(user);
    expect(screen.getByText('No entities yet. A model needs at least one.')).toBeTruthy();

    await user.click(subj('federationModelEditorAddEntity'));
    const row = within(subj('federationModelEditorEntity-0'));
    // The new row's label has the focus, so typing goes there.
    expect(document.activeElement).toBe(row.getByRole('textbox', { name: 'Label' }));
    await user.keyboard('Company');
    await user.type(row.getByRole('textbox', { name: 'Indices' }), 'demo-companies{enter}');
    await waitFor(() =>
      expect(http.callsTo('GET', '/svc/demo-companies/_mapping')).toHaveLength(1)
    );
    await user.type(row.getByRole('textbox', { name: 'Id field' }), 'id{enter}');

    expect(modelJson()).toEqual({
      label: 'g',
      entities: [{ label: 'Company', indices: ['demo-companies'], id: 'id' }],
      relations: [],
    });

    await user.click(screen.getByRole('button', { name: 'Remove entity Company' }));
    expect(modelJson()).toEqual({ label: 'g', entities: [], relations: [] });
  });

  it('offers the cluster indices, virtual indices once, and the fields of the chosen indices', async () => {
    const user = userEvent.setup();
    renderWithServices(
      <Harness initial='{"label":"g","entities":[{"label":"A","indices":["demo-companies"]}]}' />,
      http
    );
    await openForm(user);
    const row = within(subj('federationModelEditorEntity-0'));

    await user.click(row.getByRole('textbox', { name: 'Indices' }));
    const indexList = await optionsList();
    await within(indexList).findByText('demo-articles');
    expect(within(indexList).getByText('Virtual indices')).toBeTruthy();
    expect(within(indexList).getAllByText('sql-orders')).toHaveLength(1);
    expect(within(indexList).getByText('companies')).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(row.getByRole('textbox', { name: 'Id field' }));
    const fieldList = await optionsList();
    await within(fieldList).findByText('name.keyword');
    await user.click(within(fieldList).getByText('name.keyword'));
    expect(modelJson().entities[0]).toEqual({
      label: 'A',
      indices: ['demo-companies'],
      id: 'name.keyword',
    });
  });

  it('says why the fields of an index could not be read', async () => {
    const user = userEvent.setup();
    renderWithServices(
      <Harness initial='{"label":"g","entities":[{"label":"I","indices":["demo-investments"]}]}' />,
      http
    );
    await openForm(user);
    expect(
      await screen.findByText(
        'Could not read the fields of demo-investments: no such index [demo-investments]'
      )
    ).toBeTruthy();
  });

  it('adds, links and removes a relation; renaming an entity follows in its relations', async () => {
    const user = userEvent.setup();
    const initial = {
      label: 'g',
      entities: [
        { label: 'Company', indices: ['demo-companies'], id: 'id' },
        { label: 'Article', indices: ['demo-articles'] },
      ],
    };
    renderWithServices(<Harness initial={JSON.stringify(initial)} />, http);
    await openForm(user);

    await user.click(subj('federationModelEditorAddRelation'));
    const row = within(subj('federationModelEditorRelation-0'));
    await user.keyboard('MENTIONS');
    await user.selectOptions(row.getByRole('combobox', { name: 'From entity' }), 'Article');
    await user.type(row.getByRole('textbox', { name: 'From field' }), 'company_id{enter}');
    // The default is the target's id field, and the placeholder says so.
    expect(within(subj('federationModelEditorRelationToField-0')).getByText('Default: id'));

    expect(modelJson().relations).toEqual([
      {
        label: 'MENTIONS',
        from: { entity: 'Article', field: 'company_id' },
        to: { entity: 'Company' },
      },
    ]);

    const company = within(subj('federationModelEditorEntity-0'));
    await user.type(company.getByRole('textbox', { name: 'Label' }), 'X');
    expect(modelJson().relations[0].to).toEqual({ entity: 'CompanyX' });

    await user.click(screen.getByRole('button', { name: 'Remove relation MENTIONS' }));
    expect(modelJson().relations).toEqual([]);
  });

  it('marks the fields that break the model, with the reason', async () => {
    const user = userEvent.setup();
    const initial = {
      label: 'g',
      entities: [
        { label: 'A', indices: [] },
        { label: 'A', indices: ['x'] },
      ],
      relations: [{ label: 'A', from: { entity: 'A' }, to: { entity: 'Gone' } }],
    };
    renderWithServices(<Harness initial={JSON.stringify(initial)} />, http);
    await openForm(user);
    expect(screen.getByText('must name at least one index')).toBeTruthy();
    expect(screen.getByText('Two entities are labelled A; labels must be unique.')).toBeTruthy();
    expect(
      screen.getByText('A is an entity label; relation labels must differ from them.')
    ).toBeTruthy();
    expect(screen.getByText('No entity is labelled Gone.')).toBeTruthy();
  });

  it('refuses to show text that is not JSON, and goes back to the JSON', async () => {
    const user = userEvent.setup();
    renderWithServices(<Harness initial='{"label": ' />, http);
    await openForm(user);
    const callout = subj('federationModelEditorInvalid');
    expect(callout.getAttribute('role')).toBe('alert');
    expect(within(callout).getByText(/^The text is not valid JSON: /)).toBeTruthy();
    expect(document.querySelector('[data-test-subj="federationModelEditorForm"]')).toBeNull();

    await user.click(within(callout).getByRole('button', { name: 'Edit the JSON' }));
    expect(await screen.findByRole('textbox', { name: 'Graph model JSON' })).toHaveProperty(
      'value',
      '{"label": '
    );
  });

  it('names what is not shaped like a model', async () => {
    const user = userEvent.setup();
    renderWithServices(<Harness initial='{"label":"g","entities":"companies"}' />, http);
    await openForm(user);
    expect(
      within(subj('federationModelEditorInvalid')).getByText(
        'entities: Invalid input: expected array, received string'
      )
    ).toBeTruthy();
  });

  it("shows the server's reason when the index list fails, and still takes typed names", async () => {
    const user = userEvent.setup();
    http.on('GET', '/svc/_resolve/index/*', () => {
      throw httpError(
        403,
        'security_exception',
        'no permissions for [indices:admin/resolve/index]'
      );
    });
    renderWithServices(<Harness initial='{"label":"g","entities":[]}' />, http);
    await openForm(user);
    const error = await waitFor(() => subj('federationModelEditorIndexListError'));
    expect(
      within(error).getByText('no permissions for [indices:admin/resolve/index]')
    ).toBeTruthy();

    await user.click(subj('federationModelEditorAddEntity'));
    const row = within(subj('federationModelEditorEntity-0'));
    await user.type(row.getByRole('textbox', { name: 'Indices' }), 'a, b{enter}');
    expect(modelJson().entities[0].indices).toEqual(['a', 'b']);
  });
});
