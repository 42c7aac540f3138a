import { EuiBadge, EuiCode, EuiText, type EuiBasicTableColumn } from '@elastic/eui';
import { editDeleteActionsColumn, idLinkColumn } from '../shared/management/list_table_columns';
import { ManagementListTable } from '../shared/management/management_list_table';
import { useMemo } from 'react';
import type { DatasourceSummary } from '../../services/api/datasources_api';
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

/** The datasources, searchable and sortable; the id opens the edit flyout. */
export function DatasourcesTable({ datasources, onEdit, onDelete }: DatasourcesTableProps) {
  const rows = useMemo(() => datasources.map(toRow), [datasources]);

  const columns: Array<EuiBasicTableColumn<DatasourceRow>> = [
    idLinkColumn<DatasourceRow>({
      name: strings.columnId(),
      testSubjPrefix: TEST_SUBJ_PREFIX,
      onEdit,
    }),
    {
      field: 'database',
      name: strings.columnDatabase(),
      sortable: true,
      render: (database: string, row: DatasourceRow) => (
        <div>
          <EuiText size="s">{database}</EuiText>
          <EuiText size="xs" color="subdued">
            {row.driver}
          </EuiText>
        </div>
      ),
    },
    {
      field: 'url',
      name: strings.columnUrl(),
      truncateText: true,
      width: '32%',
      render: (url: string) => <EuiCode transparentBackground>{url}</EuiCode>,
    },
    {
      field: 'username',
      name: strings.columnUser(),
      sortable: true,
      render: (username: string) =>
        username || (
          <EuiText size="s" color="subdued">
            {strings.noUser()}
          </EuiText>
        ),
    },
    {
      field: 'timezone',
      name: strings.columnTimeZone(),
      sortable: true,
      render: (timezone: string) => timezone || strings.defaultTimeZone(DEFAULT_TIME_ZONE),
    },
    {
      field: 'passwordSet',
      name: strings.columnPassword(),
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
