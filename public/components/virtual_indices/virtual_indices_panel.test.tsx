import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DatasourceView, VirtualIndexView } from '../../../common/catalog_types';
import { DATASOURCE_INDEX, VIRTUAL_INDEX_INDEX } from '../../../common/catalog_types';
import type { DatasourceMetadata, ResourceColumns } from '../../services/api/datasources_api';
import { RecordingToasts } from '../../test_support/recording_toasts';
import { memoryHistory, renderWithServices } from '../../test_support/render_with_services';
import {
  httpError,
  listAnswer,
  RecordingHttp,
  writeAnswer,
} from '../../test_support/recording_http';
import { VirtualIndicesPanel } from './virtual_indices_panel';

// OUI and OSD name test hooks `data-test-subj`; Testing Library's *ByTestId read it.
configure({ testIdAttribute: 'data-test-subj' });

const DS_LIST = '/_svc/connector/datasource/_search';
const VI_LIST = '/_svc/connector/index/_search';
const METADATA = '/_svc/connector/datasource/pg/_metadata';

const pg: DatasourceView = {
  jdbc: { driver: 'org.postgresql.Driver', url: 'jdbc:postgresql://h/test', password_set: false },
};

const orders: VirtualIndexView = {
  datasource: 'pg',
  resource: 'orders',
  schema: 'sales',
  key: 'id',
  columns: [
    { name: 'id', remote_type: 'bigint', type: 'long' },
    { name: 'total', remote_type: 'numeric', type: 'double' },
  ],
};

const metadata: DatasourceMetadata = {
  _id: 'pg',
  catalogs: ['test'],
  schemas: [
    { catalog: 'test', name: 'public' },
    { catalog: 'test', name: 'sales' },
  ],
  resources: [
    { catalog: 'test', schema: 'public', name: 'people', kind: 'table' },
    { catalog: 'test', schema: 'sales', name: 'orders', kind: 'table' },
    { catalog: 'test', schema: 'sales', name: 'order_totals', kind: 'view' },
  ],
};

const orderColumns: ResourceColumns = {
  _id: 'pg',
  resource: { name: 'orders', catalog: 'test', schema: 'sales' },
  columns: [
    { name: 'id', remote_type: 'bigint', type: 'long', nullable: false },
    { name: 'total', remote_type: 'numeric', type: 'double', nullable: true },
    { name: 'placed_at', remote_type: 'timestamp with time zone', type: 'date', nullable: true },
    { name: 'tags', remote_type: 'text[]', type: null, nullable: true },
    { name: 'payload', remote_type: 'jsonb', type: null, nullable: true },
  ],
};

function serverWith(virtualIndices: Record<string, VirtualIndexView>): RecordingHttp {
  const stored = { ...virtualIndices };
  return new RecordingHttp()
    .on('GET', DS_LIST, () => listAnswer(DATASOURCE_INDEX, { pg }))
    .on('GET', VI_LIST, () => listAnswer(VIRTUAL_INDEX_INDEX, stored))
    .on('GET', METADATA, (call) => (call.query?.resource ? orderColumns : metadata))
    .on('PUT', /^\/_svc\/connector\/index\/[^/]+$/, (call) => {
      const id = decodeURIComponent(call.path.split('/').pop() as string);
      stored[id] = { ...(call.body as VirtualIndexView), columns: [] };
      return { ...writeAnswer(VIRTUAL_INDEX_INDEX, id, 'created'), index_created: true };
    })
    .on('DELETE', /^\/_svc\/connector\/index\/[^/]+$/, (call) => {
      const id = decodeURIComponent(call.path.split('/').pop() as string);
      delete stored[id];
      return writeAnswer(VIRTUAL_INDEX_INDEX, id, 'deleted');
    });
}

const bySubj = (subj: string) => screen.getByTestId(subj);
const textOf = (element: Element | null) => element?.textContent ?? '';
const isDisabled = (element: Element) => (element as HTMLButtonElement).disabled;

/** Opens the create flyout and picks datasource `pg`. */
async function startCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByTestId('federationVirtualIndicesEmptyCreateButton'));
  const datasource = await screen.findByTestId('federationVirtualIndicesDatasourceField');
  await waitFor(() =>
    expect(within(datasource).queryByRole('option', { name: 'pg' })).not.toBeNull()
  );
  await user.selectOptions(datasource, 'pg');
}

/** Chooses `sales.orders` through the schema filter and the resource search. */
async function chooseOrders(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(
    await screen.findByTestId('federationVirtualIndicesSchemaField'),
    'sales'
  );
  const resource = within(bySubj('federationVirtualIndicesResourceField')).getByRole('textbox');
  await user.type(resource, 'orde');
  await user.click(await screen.findByRole('option', { name: /^test\.sales\.orders/ }));
}

describe('VirtualIndicesPanel', () => {
  it('lists virtual indices, and shows the mapped columns of one in a popover', async () => {
    const user = userEvent.setup();
    const noKey = { ...orders, key: undefined, resource: 'order_totals' };
    renderWithServices(
      <VirtualIndicesPanel />,
      serverWith({ 'vi-orders': orders, 'vi-totals': noKey })
    );

    const row = await screen.findByTestId('federationVirtualIndicesRow-vi-orders');
    expect(textOf(row)).toContain('pg');
    expect(textOf(row)).toContain('sales.orders');
    expect(textOf(row)).toContain('2 columns');
    expect(textOf(bySubj('federationVirtualIndicesRow-vi-totals'))).toContain(
      'none: aggregations only'
    );

    await user.click(bySubj('federationVirtualIndicesColumnsButton-vi-orders'));
    const popover = await screen.findByTestId('federationVirtualIndicesColumnsPopover-vi-orders');
    expect(textOf(popover)).toContain('total');
    expect(textOf(popover)).toContain('numeric');
    expect(textOf(popover)).toContain('double');
  });

  it('shows the empty state and the reason of a failed list', async () => {
    renderWithServices(<VirtualIndicesPanel />, serverWith({}));
    expect(textOf(await screen.findByTestId('federationVirtualIndicesEmptyPrompt'))).toContain(
      'No virtual indices yet'
    );

    const failing = serverWith({}).on('GET', VI_LIST, () => {
      throw httpError(403, 'security_exception', 'no permissions for [indices:data/read/search]');
    });
    renderWithServices(<VirtualIndicesPanel />, failing);
    expect(textOf(await screen.findByTestId('federationVirtualIndicesLoadError'))).toContain(
      'no permissions for [indices:data/read/search]'
    );
  });

  it('creates one through the pickers, with the mapping shown before saving', async () => {
    const user = userEvent.setup();
    const http = serverWith({});
    const toasts = new RecordingToasts();
    renderWithServices(<VirtualIndicesPanel />, http, memoryHistory(), toasts);

    await startCreate(user);
    // The schema filter narrows the list to the tables and views of `sales`.
    await user.selectOptions(
      await screen.findByTestId('federationVirtualIndicesSchemaField'),
      'sales'
    );
    const resourceField = bySubj('federationVirtualIndicesResourceField');
    await user.click(within(resourceField).getByRole('textbox'));
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered.some((t) => t?.includes('people'))).toBe(false);
    expect(offered.some((t) => t?.includes('order_totals'))).toBe(true);
    await chooseOrders(user);

    const describeCall = await waitFor(() => {
      const call = http.callsTo('GET', METADATA).find((c) => c.query?.resource);
      expect(call).toBeDefined();
      return call;
    });
    expect(describeCall?.query).toEqual({ resource: 'orders', catalog: 'test', schema: 'sales' });

    const preview = await screen.findByTestId('federationVirtualIndicesMappingPreview');
    expect(textOf(preview)).toContain('3 mapped, 2 skipped');
    expect(textOf(bySubj('federationVirtualIndicesMappedColumn-placed_at'))).toContain('date');
    expect(textOf(bySubj('federationVirtualIndicesMappedColumn-total'))).toContain('double');
    expect(textOf(bySubj('federationVirtualIndicesSkippedColumn-tags'))).toContain(
      'arrays are not supported'
    );
    expect(textOf(bySubj('federationVirtualIndicesSkippedColumn-payload'))).toContain('JSON');
    // The `id` column is offered as the key, and the key's role is explained.
    const key = bySubj('federationVirtualIndicesKeyField') as HTMLSelectElement;
    expect(key.value).toBe('id');
    expect(textOf(bySubj('federationVirtualIndicesFlyout'))).toContain(
      'Without a key, aggregations work'
    );
    // Skipped columns cannot be keys.
    expect(within(key).queryByRole('option', { name: /tags/ })).toBeNull();
    // The name follows the resource, with the recommended prefix.
    expect((bySubj('federationVirtualIndicesIdField') as HTMLInputElement).value).toBe('vi-orders');

    await user.selectOptions(key, '');
    await user.click(bySubj('federationVirtualIndicesSaveButton'));
    await waitFor(() => expect(screen.queryByTestId('federationVirtualIndicesFlyout')).toBeNull());
    expect(http.callsTo('PUT', '/_svc/connector/index/vi-orders')[0].body).toEqual({
      datasource: 'pg',
      resource: 'orders',
      catalog: 'test',
      schema: 'sales',
    });
    expect(await screen.findByTestId('federationVirtualIndicesRow-vi-orders')).toBeTruthy();
    expect(toasts.shown).toEqual([{ color: 'success', title: 'Virtual index vi-orders created' }]);
  });

  it('checks the index name as it is typed', async () => {
    const user = userEvent.setup();
    const http = serverWith({});
    renderWithServices(<VirtualIndicesPanel />, http);
    await startCreate(user);
    await chooseOrders(user);
    const id = await screen.findByTestId('federationVirtualIndicesIdField');
    await screen.findByTestId('federationVirtualIndicesMappingPreview');
    const save = bySubj('federationVirtualIndicesSaveButton');
    expect(isDisabled(save)).toBe(false);

    await user.clear(id);
    await user.type(id, 'Orders');
    expect(textOf(id.closest('.euiFormRow'))).toContain('must be lowercase');
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(isDisabled(save)).toBe(true);
    await user.clear(id);
    await user.type(id, '.federation-orders');
    expect(textOf(id.closest('.euiFormRow'))).toContain('reserved for the plugin');
    await user.clear(id);
    await user.type(id, 'vi orders');
    expect(textOf(id.closest('.euiFormRow'))).toContain('must not contain');
    await user.clear(id);
    await user.type(id, 'vi-orders-2');
    expect(id.getAttribute('aria-invalid')).toBe('false');
    expect(isDisabled(save)).toBe(false);
    expect(http.callsTo('PUT', /index/)).toEqual([]);
  });

  it("shows the server's refusal under the field its details name", async () => {
    const user = userEvent.setup();
    const reason =
      'index [vi-orders] already exists and holds documents; a virtual index needs an empty index of its name';
    const http = serverWith({}).on('PUT', '/_svc/connector/index/vi-orders', () => {
      throw httpError(400, 'resource_already_exists_exception', reason, { index: 'vi-orders' });
    });
    renderWithServices(<VirtualIndicesPanel />, http);
    await startCreate(user);
    await chooseOrders(user);
    await screen.findByTestId('federationVirtualIndicesMappingPreview');
    await user.click(bySubj('federationVirtualIndicesSaveButton'));

    const id = bySubj('federationVirtualIndicesIdField');
    await waitFor(() => expect(textOf(id.closest('.euiFormRow'))).toContain(reason));
    expect(bySubj('federationVirtualIndicesFlyout')).toBeTruthy();
  });

  it("shows the server's reason when the datasource's tables cannot be read", async () => {
    const user = userEvent.setup();
    const reason = 'cannot connect to datasource [pg] at h:5432: connection refused';
    const http = serverWith({}).on('GET', METADATA, () => {
      throw httpError(502, 'datasource_connection_exception', reason, { datasource: 'pg' });
    });
    renderWithServices(<VirtualIndicesPanel />, http);
    await startCreate(user);
    expect(textOf(await screen.findByTestId('federationVirtualIndicesMetadataError'))).toContain(
      reason
    );
    expect(isDisabled(bySubj('federationVirtualIndicesSaveButton'))).toBe(true);
  });

  it('leads to the Datasources tab when there is no datasource', async () => {
    const user = userEvent.setup();
    const history = memoryHistory('/virtual-indices');
    const http = serverWith({}).on('GET', DS_LIST, () => listAnswer(DATASOURCE_INDEX, {}));
    renderWithServices(<VirtualIndicesPanel />, http, history);
    await user.click(await screen.findByTestId('federationVirtualIndicesEmptyCreateButton'));
    await user.click(await screen.findByTestId('federationVirtualIndicesGoToDatasources'));
    expect(history.location.pathname).toBe('/datasources');
  });

  it('edits a definition: the name fixed, the resource and key as stored', async () => {
    const user = userEvent.setup();
    const http = serverWith({ 'vi-orders': orders });
    renderWithServices(<VirtualIndicesPanel />, http);

    await user.click(await screen.findByTestId('federationVirtualIndicesEditLink-vi-orders'));
    expect(textOf(bySubj('federationVirtualIndicesFlyoutTitle'))).toContain(
      'Edit virtual index vi-orders'
    );
    const id = bySubj('federationVirtualIndicesIdField') as HTMLInputElement;
    expect(id.value).toBe('vi-orders');
    expect(id.disabled).toBe(true);
    await screen.findByTestId('federationVirtualIndicesMappingPreview');
    expect(textOf(bySubj('federationVirtualIndicesResourceField'))).toContain('sales.orders');
    await user.selectOptions(bySubj('federationVirtualIndicesKeyField'), 'placed_at');
    await user.click(bySubj('federationVirtualIndicesSaveButton'));
    await waitFor(() =>
      expect(http.callsTo('PUT', '/_svc/connector/index/vi-orders')).toHaveLength(1)
    );
    expect(http.callsTo('PUT', '/_svc/connector/index/vi-orders')[0].body).toEqual({
      datasource: 'pg',
      resource: 'orders',
      key: 'placed_at',
      schema: 'sales',
    });
  });

  it('deletes after a confirmation that says the concrete index stays', async () => {
    const user = userEvent.setup();
    const http = serverWith({ 'vi-orders': orders });
    const toasts = new RecordingToasts();
    renderWithServices(<VirtualIndicesPanel />, http, memoryHistory(), toasts);

    await user.click(await screen.findByTestId('federationVirtualIndicesDeleteButton-vi-orders'));
    expect(textOf(bySubj('federationVirtualIndicesDeleteConcreteNote'))).toContain(
      'The empty OpenSearch index vi-orders created with it stays'
    );
    await user.click(bySubj('federationVirtualIndicesDeleteConfirmButton'));
    expect(await screen.findByTestId('federationVirtualIndicesEmptyPrompt')).toBeTruthy();
    expect(http.callsTo('DELETE', '/_svc/connector/index/vi-orders')).toHaveLength(1);
    expect(toasts.shown).toEqual([
      {
        color: 'success',
        title: 'Virtual index vi-orders deleted',
        text: 'The OpenSearch index vi-orders stays until you delete it.',
      },
    ]);
  });
  it('keeps the focus underline on the table picker after a table is chosen', async () => {
    const user = userEvent.setup();
    renderWithServices(<VirtualIndicesPanel />, serverWith({}));

    await startCreate(user);
    await chooseOrders(user);
    const picker = bySubj('federationVirtualIndicesResourceField');
    // Chosen: the list is closed and the focus stays; OUI drew the underline only while open.
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(picker.contains(document.activeElement)).toBe(true);
    expect(picker.className).toContain('euiComboBox-isOpen');
  });
});
