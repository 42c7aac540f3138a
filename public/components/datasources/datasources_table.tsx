import { EuiBadge, EuiText, type EuiBasicTableColumn } from '@elastic/eui';
import { editDeleteActionsColumn, idLinkColumn } from '../shared/management/list_table_columns';
import { ManagementListTable } from '../shared/management/management_list_table';
import { TruncatedText } from '../shared/management/truncated_text';
import { useMemo } from 'react';
import type { DatasourceSummary } from '../../services/api/datasources_api';
import { useVirtualIndices } from '../virtual_indices/use_virtual_indices';
import { databaseKindOf, presetOf } from './jdbc_presets';
import { strings } from './strings';
import { DEFAULT_TIME_ZONE } from './time_zones';

const TEST_SUBJ_PREFIX = 'federationDatasources';

/** One table row: flat, so the search box matches every shown value. */
interface DatasourceRow {
  id: string;
  database: string;
  driver: string;
  url: string;
  username: string;
  timezone: string;
  passwordSet: boolean;
}

function toRow(datasource: DatasourceSummary): DatasourceRow {
  const kind = databaseKindOf(datasource.jdbc);
  return {
    id: datasource.id,
    database: kind ? presetOf(kind).label : strings.unknownDatabase(),
    driver: datasource.jdbc.driver,
    url: datasource.jdbc.url,
    username: datasource.jdbc.username ?? '',
    timezone: datasource.jdbc.timezone ?? '',
    passwordSet: datasource.jdbc.password_set,
  };
}

export interface DatasourcesTableProps {
  datasources: DatasourceSummary[];
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

/**
 * The datasources, searchable and sortable; the id opens the edit flyout. Delete is disabled on
 * a datasource that virtual indices read from (the server would refuse it with a 409), naming
 * them; while their list is unknown it stays enabled, and the delete modal explains a refusal.
 */
export function DatasourcesTable({ datasources, onEdit, onDelete }: DatasourcesTableProps) {
  const rows = useMemo(() => datasources.map(toRow), [datasources]);
  const virtualIndices = useVirtualIndices();
  const usersOf = useMemo(() => {
    const users = new Map<string, string[]>();
    for (const vi of virtualIndices.data ?? []) {
      users.set(vi.datasource, [...(users.get(vi.datasource) ?? []), vi.id]);
    }
    return users;
  }, [virtualIndices.data]);

  // Fixed shares for the short values and the URL takes what is left: a table squeezed to
  // 1,024 px gave every column the same share and broke class names and URLs mid-word. Values
  // without spaces stay on one line, cut with an ellipsis, whole in their title.
  const columns: Array<EuiBasicTableColumn<DatasourceRow>> = [
    {
      ...idLinkColumn<DatasourceRow>({
        name: strings.columnId(),
        testSubjPrefix: TEST_SUBJ_PREFIX,
        onEdit,
      }),
      width: '15%',
    },
    {
      field: 'database',
      name: strings.columnDatabase(),
      sortable: true,
      width: '17%',
      render: (database: string, row: DatasourceRow) => (
        <div style={{ minWidth: 0 }}>
          <EuiText size="s">{database}</EuiText>
          <EuiText size="xs" color="subdued">
            <TruncatedText text={row.driver} testSubj={`federationDatasourcesDriver-${row.id}`} />
          </EuiText>
        </div>
      ),
    },
    {
      field: 'url',
      name: strings.columnUrl(),
      render: (url: string, row: DatasourceRow) => (
        <TruncatedText text={url} testSubj={`federationDatasourcesUrl-${row.id}`}>
          <code>{url}</code>
        </TruncatedText>
      ),
    },
    {
      field: 'username',
      name: strings.columnUser(),
      sortable: true,
      width: '11%',
      render: (username: string) =>
        username ? (
          <TruncatedText text={username} />
        ) : (
          <EuiText size="s" color="subdued">
            {strings.noUser()}
          </EuiText>
        ),
    },
    {
      field: 'timezone',
      name: strings.columnTimeZone(),
      sortable: true,
      width: '12%',
      render: (timezone: string) => (
        <TruncatedText text={timezone || strings.defaultTimeZone(DEFAULT_TIME_ZONE)} />
      ),
    },
    {
      field: 'passwordSet',
      name: strings.columnPassword(),
      width: '88px',
      render: (passwordSet: boolean, row: DatasourceRow) =>
        passwordSet ? (
          <EuiBadge color="hollow" data-test-subj={`federationDatasourcesPasswordSet-${row.id}`}>
            {strings.passwordSet()}
          </EuiBadge>
        ) : (
          <EuiText size="s" color="subdued">
            {strings.passwordNotSet()}
          </EuiText>
        ),
    },
    editDeleteActionsColumn<DatasourceRow>({
      name: strings.columnActions(),
      testSubjPrefix: TEST_SUBJ_PREFIX,
      editLabel: strings.editAction,
      deleteLabel: strings.deleteAction,
      onEdit,
      onDelete,
      deleteBlockedReason: (row) => {
        const users = usersOf.get(row.id);
        return users ? strings.deleteInUse(users.join(', ')) : null;
      },
    }),
  ];

  return (
    <ManagementListTable
      rows={rows}
      columns={columns}
      testSubjPrefix={TEST_SUBJ_PREFIX}
      caption={strings.tableCaption()}
      searchPlaceholder={strings.searchPlaceholder()}
      noMatches={strings.noMatches()}
    />
  );
}
