import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DATASOURCE_INDEX, VIRTUAL_INDEX_INDEX } from '../../../common/catalog_types';
import type { DatasourceView } from '../../../common/catalog_types';
import { RecordingToasts } from '../../test_support/recording_toasts';
import { memoryHistory, renderWithServices } from '../../test_support/render_with_services';
import { DatasourcesPanel } from './datasources_panel';
import {
  httpError,
  listAnswer,
  RecordingHttp,
  writeAnswer,
} from '../../test_support/recording_http';

// OUI and OSD name test hooks `data-test-subj`; Testing Library's *ByTestId read it.
configure({ testIdAttribute: 'data-test-subj' });

const LIST = '/_svc/connector/datasource/_search';
const VI_LIST = '/_svc/connector/index/_search';

const pg: DatasourceView = {
  jdbc: {
    driver: 'org.postgresql.Driver',
    url: 'jdbc:postgresql://db.example:5432/sales',
    username: 'reporter',
    timezone: 'Europe/Paris',
    password_set: true,
  },
};
const lite: DatasourceView = {
  jdbc: { driver: 'org.sqlite.JDBC', url: 'jdbc:sqlite:/data/shop.db', password_set: false },
};

/** A fake server holding `sources`; PUT and DELETE change what the next list answers. */
function serverWith(sources: Record<string, DatasourceView>): RecordingHttp {
  const stored = { ...sources };
  return new RecordingHttp()
    .on('GET', LIST, () => listAnswer(DATASOURCE_INDEX, stored))
    .on('GET', VI_LIST, () => listAnswer(VIRTUAL_INDEX_INDEX, {}))
    .on('PUT', /^\/_svc\/connector\/datasource\/[^/]+$/, (call) => {
      const id = decodeURIComponent(call.path.split('/').pop() as string);
      const { jdbc } = call.body as { jdbc: DatasourceView['jdbc'] & { password?: string } };
      const { password, ...rest } = jdbc;
      const previous = stored[id];
      // As the server: no password keeps the stored one, an empty one removes it.
      const passwordSet =
        password === undefined ? Boolean(previous?.jdbc.password_set) : password !== '';
      stored[id] = { jdbc: { ...rest, password_set: passwordSet } };
      return writeAnswer(DATASOURCE_INDEX, id, previous ? 'updated' : 'created');
    })
    .on('DELETE', /^\/_svc\/connector\/datasource\/[^/]+$/, (call) => {
      const id = decodeURIComponent(call.path.split('/').pop() as string);
      delete stored[id];
      return writeAnswer(DATASOURCE_INDEX, id, 'deleted');
    });
}

const bySubj = (subj: string) => screen.getByTestId(subj);
const textOf = (element: Element | null) => element?.textContent ?? '';
const valueOf = (element: Element) => (element as HTMLInputElement).value;
const isDisabled = (element: Element) => (element as HTMLButtonElement).disabled;

describe('DatasourcesPanel', () => {
  it('lists datasources with their database, URL, user, zone and password state, and searches', async () => {
    const user = userEvent.setup();
    renderWithServices(<DatasourcesPanel />, serverWith({ sales: pg, shop: lite }));

    const salesRow = await screen.findByTestId('federationDatasourcesRow-sales');
    expect(textOf(salesRow)).toContain('PostgreSQL');
    expect(textOf(salesRow)).toContain('jdbc:postgresql://db.example:5432/sales');
    expect(textOf(salesRow)).toContain('reporter');
    expect(textOf(salesRow)).toContain('Europe/Paris');
    expect(
      textOf(within(salesRow).getByTestId('federationDatasourcesPasswordSet-sales'))
    ).toContain('Set');
    const shopRow = bySubj('federationDatasourcesRow-shop');
    expect(textOf(shopRow)).toContain('SQLite');
    expect(textOf(shopRow)).toContain('UTC (default)');
    expect(textOf(shopRow)).toContain('Not set');

    await user.type(bySubj('federationDatasourcesSearch'), 'sqlite');
    await waitFor(() => expect(screen.queryByTestId('federationDatasourcesRow-sales')).toBeNull());
    expect(bySubj('federationDatasourcesRow-shop')).toBeTruthy();
  });

  it('shows the empty state, whose button opens the create flyout', async () => {
    const user = userEvent.setup();
    renderWithServices(<DatasourcesPanel />, serverWith({}));

    const prompt = await screen.findByTestId('federationDatasourcesEmptyPrompt');
    expect(textOf(prompt)).toContain('No datasources yet');
    await user.click(bySubj('federationDatasourcesEmptyCreateButton'));
    expect(textOf(bySubj('federationDatasourcesFlyoutTitle'))).toContain('Create datasource');
  });

  it('shows the loading state, then the reason of a failed list with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    const http = serverWith({ sales: pg }).on('GET', LIST, () => {
      if (fail) throw httpError(503, 'connect_exception', 'OpenSearch is not reachable');
      return listAnswer(DATASOURCE_INDEX, { sales: pg });
    });
    renderWithServices(<DatasourcesPanel />, http);

    expect(bySubj('federationDatasourcesLoading')).toBeTruthy();
    expect(textOf(await screen.findByTestId('federationDatasourcesLoadError'))).toContain(
      'OpenSearch is not reachable'
    );
    fail = false;
    await user.click(bySubj('federationDatasourcesRetryButton'));
    expect(await screen.findByTestId('federationDatasourcesRow-sales')).toBeTruthy();
  });

  it('creates a datasource from a preset: driver and URL template filled, the URL completed', async () => {
    const user = userEvent.setup();
    const http = serverWith({ shop: lite });
    const toasts = new RecordingToasts();
    renderWithServices(<DatasourcesPanel />, http, memoryHistory(), toasts);

    await user.click(await screen.findByTestId('federationDatasourcesCreateButton'));
    await user.click(bySubj('federationDatasourcesPreset-postgresql'));
    expect(valueOf(bySubj('federationDatasourcesDriverField'))).toBe('org.postgresql.Driver');
    const url = bySubj('federationDatasourcesUrlField');
    expect(valueOf(url)).toBe('jdbc:postgresql://localhost:5432/database');
    // The template is to be completed: the cursor is put there.
    await waitFor(() => expect(document.activeElement).toBe(url));

    await user.type(bySubj('federationDatasourcesIdField'), 'crm');
    await user.clear(url);
    await user.type(url, 'jdbc:postgresql://127.0.0.1:5432/test');
    await user.type(bySubj('federationDatasourcesUsernameField'), 'postgres');
    await user.type(bySubj('federationDatasourcesPasswordField'), 's3cret');
    const zone = within(bySubj('federationDatasourcesTimeZoneField')).getByRole('textbox');
    await user.type(zone, 'America/New_Y');
    await user.click(await screen.findByRole('option', { name: 'America/New_York' }));
    await user.click(bySubj('federationDatasourcesSaveButton'));

    await waitFor(() => expect(screen.queryByTestId('federationDatasourcesFlyout')).toBeNull());
    expect(http.callsTo('PUT', '/_svc/connector/datasource/crm')[0].body).toEqual({
      jdbc: {
        driver: 'org.postgresql.Driver',
        url: 'jdbc:postgresql://127.0.0.1:5432/test',
        username: 'postgres',
        password: 's3cret',
        timezone: 'America/New_York',
      },
    });
    // The list was read again and shows the new datasource, password set.
    expect(await screen.findByTestId('federationDatasourcesPasswordSet-crm')).toBeTruthy();
    expect(toasts.shown).toEqual([{ color: 'success', title: 'Datasource crm created' }]);
  });

  it('refuses an id that is taken or malformed before anything is sent', async () => {
    const user = userEvent.setup();
    const http = serverWith({ shop: lite });
    renderWithServices(<DatasourcesPanel />, http);

    await user.click(await screen.findByTestId('federationDatasourcesCreateButton'));
    await user.click(bySubj('federationDatasourcesPreset-sqlite'));
    await user.type(bySubj('federationDatasourcesIdField'), 'shop');
    expect(screen.getByText(/A datasource named shop already exists/)).toBeTruthy();
    expect(isDisabled(bySubj('federationDatasourcesSaveButton'))).toBe(true);
    await user.clear(bySubj('federationDatasourcesIdField'));
    await user.type(bySubj('federationDatasourcesIdField'), '-bad');
    expect(screen.getByText(/Use 1 to 128 letters/)).toBeTruthy();
    expect(isDisabled(bySubj('federationDatasourcesTestButton'))).toBe(true);
    expect(http.callsTo('PUT', /datasource/)).toEqual([]);
  });

  it('tests a saved datasource without saving it, and shows the server it reached', async () => {
    const user = userEvent.setup();
    const http = serverWith({ sales: pg }).on(
      'POST',
      '/_svc/connector/datasource/sales/_validate',
      () => ({ _id: 'sales', valid: true, server: 'PostgreSQL 16.4', took_in_millis: 12 })
    );
    renderWithServices(<DatasourcesPanel />, http);

    await user.click(await screen.findByTestId('federationDatasourcesEditButton-sales'));
    const test = bySubj('federationDatasourcesTestButton');
    expect(textOf(test)).toContain('Test connection');
    await user.click(test);

    const success = await screen.findByTestId('federationDatasourcesTestSuccess');
    expect(textOf(success)).toContain('Connection succeeded');
    expect(textOf(success)).toContain('PostgreSQL 16.4 in 12 ms');
    // The answer takes the focus (the button was disabled while it ran): read out, and seen.
    await waitFor(() =>
      expect(document.activeElement).toBe(bySubj('federationDatasourcesTestOutcome'))
    );
    expect(http.callsTo('PUT', /datasource/)).toEqual([]);
  });

  it("saves a new datasource before testing it, and shows the driver's reason when it fails", async () => {
    const user = userEvent.setup();
    const reason =
      'cannot connect to datasource [crm] at 127.0.0.1:5432: password authentication failed for user "postgres"';
    const http = serverWith({}).on('POST', '/_svc/connector/datasource/crm/_validate', () => {
      throw httpError(400, 'datasource_connection_exception', reason, { datasource: 'crm' });
    });
    renderWithServices(<DatasourcesPanel />, http);

    await user.click(await screen.findByTestId('federationDatasourcesEmptyCreateButton'));
    await user.click(bySubj('federationDatasourcesPreset-postgresql'));
    await user.type(bySubj('federationDatasourcesIdField'), 'crm');
    await user.type(bySubj('federationDatasourcesPasswordField'), 'wrong');
    const test = bySubj('federationDatasourcesTestButton');
    expect(textOf(test)).toContain('Save and test connection');
    expect(screen.getByText(/testing a new or changed datasource saves it first/)).toBeTruthy();
    await user.click(test);

    const failure = await screen.findByTestId('federationDatasourcesTestFailure');
    expect(textOf(failure)).toContain('Connection failed');
    expect(textOf(failure)).toContain('password authentication failed for user "postgres"');
    expect(http.calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([
        'PUT /_svc/connector/datasource/crm',
        'POST /_svc/connector/datasource/crm/_validate',
      ])
    );
    // Saved: the flyout now edits it, the password is stored and the field is empty again.
    expect(textOf(bySubj('federationDatasourcesFlyoutTitle'))).toContain('Edit datasource crm');
    expect(isDisabled(bySubj('federationDatasourcesIdField'))).toBe(true);
    expect(valueOf(bySubj('federationDatasourcesPasswordField'))).toBe('');
    expect(bySubj('federationDatasourcesPasswordSetBadge')).toBeTruthy();
    expect(textOf(bySubj('federationDatasourcesTestButton'))).toContain('Test connection');
  });

  it('keeps the password write-only: empty on edit, kept when left empty, replaced when typed', async () => {
    const user = userEvent.setup();
    const http = serverWith({ sales: pg });
    renderWithServices(<DatasourcesPanel />, http);

    await user.click(await screen.findByTestId('federationDatasourcesEditLink-sales'));
    expect(valueOf(bySubj('federationDatasourcesPasswordField'))).toBe('');
    expect(textOf(bySubj('federationDatasourcesPasswordSetBadge'))).toContain('Password set');
    expect(screen.getByText(/Leave this empty to keep it/)).toBeTruthy();
    await user.clear(bySubj('federationDatasourcesUsernameField'));
    await user.type(bySubj('federationDatasourcesUsernameField'), 'analyst');
    await user.click(bySubj('federationDatasourcesSaveButton'));
    await waitFor(() => expect(screen.queryByTestId('federationDatasourcesFlyout')).toBeNull());
    const kept = http.callsTo('PUT', '/_svc/connector/datasource/sales')[0].body as {
      jdbc: Record<string, unknown>;
    };
    expect(kept.jdbc).not.toHaveProperty('password');
    expect(kept.jdbc).toMatchObject({ username: 'analyst', timezone: 'Europe/Paris' });

    await user.click(await screen.findByTestId('federationDatasourcesEditLink-sales'));
    await user.type(bySubj('federationDatasourcesPasswordField'), 'n3w');
    await user.click(bySubj('federationDatasourcesSaveButton'));
    await waitFor(() => expect(http.callsTo('PUT', /sales$/)).toHaveLength(2));
    expect(http.callsTo('PUT', /sales$/)[1].body).toMatchObject({ jdbc: { password: 'n3w' } });
  });

  it("shows the server's reason under the field it names", async () => {
    const user = userEvent.setup();
    const reason =
      "jdbc.url is malformed: it has an '@' after the host; percent-encode '@', '/', '?' and ':' in a user name, password or database name (%40, %2F, %3F, %3A)";
    const http = serverWith({}).on('PUT', '/_svc/connector/datasource/crm', () => {
      throw httpError(400, 'illegal_argument_exception', reason);
    });
    renderWithServices(<DatasourcesPanel />, http);

    await user.click(await screen.findByTestId('federationDatasourcesEmptyCreateButton'));
    await user.click(bySubj('federationDatasourcesPreset-mysql'));
    await user.type(bySubj('federationDatasourcesIdField'), 'crm');
    await user.click(bySubj('federationDatasourcesSaveButton'));

    const url = bySubj('federationDatasourcesUrlField');
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    const row = url.closest('.euiFormRow') as HTMLElement;
    expect(textOf(row)).toContain("jdbc.url is malformed: it has an '@' after the host");
    expect(screen.queryByTestId('federationDatasourcesSaveError')).toBeNull();
    expect(bySubj('federationDatasourcesFlyout')).toBeTruthy();
    // Editing the URL clears the stale reason.
    await user.type(url, 'x');
    expect(url.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('explains a refused delete: the 409 reason and the virtual indices still using it', async () => {
    const user = userEvent.setup();
    const reason = 'datasource [sales] is used by virtual indices [vi-orders]; delete them first';
    // The list read before someone else created vi-orders: Delete is enabled, the server refuses.
    let created = false;
    const http = serverWith({ sales: pg })
      .on('GET', VI_LIST, () =>
        listAnswer(VIRTUAL_INDEX_INDEX, {
          ...(created
            ? { 'vi-orders': { datasource: 'sales', resource: 'orders', columns: [] } }
            : {}),
          'vi-other': { datasource: 'shop', resource: 'items', columns: [] },
        })
      )
      .on('DELETE', '/_svc/connector/datasource/sales', () => {
        throw httpError(409, 'resource_in_use_exception', reason, { datasource: 'sales' });
      });
    renderWithServices(<DatasourcesPanel />, http);

    await user.click(await screen.findByTestId('federationDatasourcesDeleteButton-sales'));
    const modal = bySubj('federationDatasourcesDeleteModal');
    expect(textOf(modal)).toContain('Delete datasource sales?');
    created = true;
    await user.click(bySubj('federationDatasourcesDeleteConfirmButton'));

    const inUse = await screen.findByText(reason);
    const callout = inUse.closest('[data-test-subj="federationDatasourcesDeleteInUse"]');
    expect(textOf(callout)).toContain('Virtual indices still use this datasource');
    expect(textOf(callout)).toContain('vi-orders');
    expect(textOf(callout)).not.toContain('vi-other');
    expect(bySubj('federationDatasourcesRow-sales')).toBeTruthy();
  });

  it('deletes after confirmation and drops the row', async () => {
    const user = userEvent.setup();
    const http = serverWith({ sales: pg, shop: lite });
    const toasts = new RecordingToasts();
    renderWithServices(<DatasourcesPanel />, http, memoryHistory(), toasts);

    await user.click(await screen.findByTestId('federationDatasourcesDeleteButton-shop'));
    await user.click(bySubj('federationDatasourcesDeleteConfirmButton'));
    await waitFor(() => expect(screen.queryByTestId('federationDatasourcesRow-shop')).toBeNull());
    expect(http.callsTo('DELETE', '/_svc/connector/datasource/shop')).toHaveLength(1);
    expect(screen.queryByTestId('federationDatasourcesDeleteModal')).toBeNull();
    // The row going is easy to miss: a toast says it.
    expect(toasts.shown).toEqual([{ color: 'success', title: 'Datasource shop deleted' }]);
  });
  it('disables Delete on a datasource in use and names the virtual indices in its tooltip', async () => {
    const user = userEvent.setup();
    const http = serverWith({ sales: pg, shop: lite }).on('GET', VI_LIST, () =>
      listAnswer(VIRTUAL_INDEX_INDEX, {
        'vi-orders': { datasource: 'sales', resource: 'orders', columns: [] },
        'vi-returns': { datasource: 'sales', resource: 'returns', columns: [] },
      })
    );
    renderWithServices(<DatasourcesPanel />, http);

    await screen.findByTestId('federationDatasourcesDeleteButton-sales');
    // Once the virtual indices are read.
    await waitFor(() =>
      expect(bySubj('federationDatasourcesDeleteButton-sales').getAttribute('aria-disabled')).toBe(
        'true'
      )
    );
    const remove = bySubj('federationDatasourcesDeleteButton-sales');
    // Still focusable, so the keyboard reaches the reason too.
    expect(isDisabled(remove)).toBe(false);
    await user.click(remove);
    expect(screen.queryByTestId('federationDatasourcesDeleteModal')).toBeNull();
    remove.focus();
    // jsdom has no layout, so OUI keeps the placed-nowhere tooltip invisible: found as hidden.
    const tooltip = await screen.findByRole('tooltip', { hidden: true });
    expect(textOf(tooltip)).toContain('In use by virtual indices vi-orders, vi-returns');
    expect(remove.getAttribute('aria-describedby')).toBe(tooltip.id);
    // A datasource nothing reads from deletes as before.
    expect(
      bySubj('federationDatasourcesDeleteButton-shop').getAttribute('aria-disabled')
    ).toBeNull();
    expect(http.callsTo('DELETE', /datasource/)).toEqual([]);
  });

  it('removes a stored password with its own control', async () => {
    const user = userEvent.setup();
    const http = serverWith({ sales: pg });
    renderWithServices(<DatasourcesPanel />, http);

    await user.click(await screen.findByTestId('federationDatasourcesEditLink-sales'));
    const field = bySubj('federationDatasourcesPasswordField') as HTMLInputElement;
    await user.type(field, 'typed-first');
    await user.click(screen.getByLabelText('Remove the stored password'));
    // A typed password would not be used: the field empties and is disabled.
    expect(field.value).toBe('');
    expect(field.disabled).toBe(true);
    expect(screen.getByText(/The stored password is removed when you save/)).toBeTruthy();
    await user.click(bySubj('federationDatasourcesSaveButton'));

    await waitFor(() => expect(screen.queryByTestId('federationDatasourcesFlyout')).toBeNull());
    expect(http.callsTo('PUT', '/_svc/connector/datasource/sales')[0].body).toMatchObject({
      jdbc: { password: '' },
    });
    const row = await screen.findByTestId('federationDatasourcesRow-sales');
    await waitFor(() => expect(textOf(row)).toContain('Not set'));
  });

  it('says plainly that a failed test saved the settings, and removes the password in one click', async () => {
    const user = userEvent.setup();
    // A MariaDB login without a password: any stored password is refused.
    const stored: Record<string, DatasourceView> = {};
    const http = serverWith(stored).on('POST', '/_svc/connector/datasource/shop/_validate', () => {
      const listed = http.callsTo('PUT', /shop$/).at(-1)?.body as {
        jdbc: { password?: string };
      };
      if (listed.jdbc.password) {
        throw httpError(502, 'datasource_connection_exception', "Access denied for user 'root'");
      }
      return { _id: 'shop', valid: true, server: 'MariaDB 11.4', took_in_millis: 3 };
    });
    renderWithServices(<DatasourcesPanel />, http);

    await user.click(await screen.findByTestId('federationDatasourcesEmptyCreateButton'));
    await user.click(bySubj('federationDatasourcesPreset-mariadb'));
    await user.type(bySubj('federationDatasourcesIdField'), 'shop');
    await user.type(bySubj('federationDatasourcesUsernameField'), 'root');
    await user.type(bySubj('federationDatasourcesPasswordField'), 'wrong');
    await user.click(bySubj('federationDatasourcesTestButton'));

    const savedAnyway = await screen.findByTestId('federationDatasourcesSavedAnyway');
    expect(textOf(savedAnyway)).toContain('Saved anyway: shop now holds these settings');
    expect(textOf(savedAnyway)).toContain('with the password you typed');
    expect(textOf(bySubj('federationDatasourcesTestFailure'))).toContain('Access denied');

    await user.click(bySubj('federationDatasourcesRemovePasswordAndTest'));
    expect(await screen.findByTestId('federationDatasourcesTestSuccess')).toBeTruthy();
    expect(http.callsTo('PUT', /shop$/).at(-1)?.body).toMatchObject({ jdbc: { password: '' } });
    expect(screen.queryByTestId('federationDatasourcesSavedAnyway')).toBeNull();
    expect(screen.queryByTestId('federationDatasourcesPasswordSetBadge')).toBeNull();
  });

  it('offers to type another password after a failed test, putting the cursor there', async () => {
    const user = userEvent.setup();
    const http = serverWith({}).on('POST', '/_svc/connector/datasource/crm/_validate', () => {
      throw httpError(502, 'datasource_connection_exception', 'password authentication failed');
    });
    renderWithServices(<DatasourcesPanel />, http);

    await user.click(await screen.findByTestId('federationDatasourcesEmptyCreateButton'));
    await user.click(bySubj('federationDatasourcesPreset-postgresql'));
    await user.type(bySubj('federationDatasourcesIdField'), 'crm');
    await user.type(bySubj('federationDatasourcesPasswordField'), 'wrong');
    await user.click(bySubj('federationDatasourcesTestButton'));

    await user.click(await screen.findByTestId('federationDatasourcesChangePassword'));
    expect(document.activeElement).toBe(bySubj('federationDatasourcesPasswordField'));
  });

  it('keeps driver names and URLs on one line, whole in their title', async () => {
    const sqlserver: DatasourceView = {
      jdbc: {
        driver: 'com.microsoft.sqlserver.jdbc.SQLServerDriver',
        url: 'jdbc:sqlserver://warehouse.example:1433;databaseName=warehouse;encrypt=true',
        password_set: false,
      },
    };
    renderWithServices(<DatasourcesPanel />, serverWith({ dw: sqlserver }));

    const driver = await screen.findByTestId('federationDatasourcesDriver-dw');
    const url = bySubj('federationDatasourcesUrl-dw');
    for (const [element, text] of [
      [driver, sqlserver.jdbc.driver],
      [url, sqlserver.jdbc.url],
    ] as const) {
      expect(element.getAttribute('title')).toBe(text);
      expect(textOf(element)).toBe(text);
      expect((element as HTMLElement).style.whiteSpace).toBe('nowrap');
      expect((element as HTMLElement).style.textOverflow).toBe('ellipsis');
    }
  });

  it('keeps the focus underline on the time zone while it has the focus, its list closed', async () => {
    const user = userEvent.setup();
    renderWithServices(<DatasourcesPanel />, serverWith({ sales: pg }));

    await user.click(await screen.findByTestId('federationDatasourcesEditLink-sales'));
    const combo = bySubj('federationDatasourcesTimeZoneField');
    const input = within(combo).getByRole('textbox');
    input.focus();
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(input);
    // OUI draws the underline of a focused form control with this class on the combo box.
    expect(combo.className).toContain('euiComboBox-isOpen');
    await user.click(bySubj('federationDatasourcesUsernameField'));
    expect(combo.className).not.toContain('euiComboBox-isOpen');
  });
});
