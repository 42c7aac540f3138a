import {
  EuiBadge,
  EuiButtonIcon,
  EuiCode,
  EuiFlexGroup,
  EuiFlexItem,
  EuiInMemoryTable,
  EuiLink,
  EuiText,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useMemo } from 'react';
import type { DatasourceSummary } from '../../services/api/datasources_api';
import { databaseKindOf, presetOf } from './jdbc_presets';
import { strings } from './strings';
import { DEFAULT_TIME_ZONE } from './time_zones';

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
    {
      field: 'id',
      name: strings.columnId(),
      sortable: true,
      render: (id: string) => (
        <EuiLink onClick={() => onEdit(id)} data-test-subj={`federationDatasourcesEditLink-${id}`}>
          {id}
        </EuiLink>
      ),
    },
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
    {
      name: strings.columnActions(),
      width: '96px',
      render: (row: DatasourceRow) => (
        <EuiFlexGroup gutterSize="s" responsive={false}>
          <EuiFlexItem grow={false}>
            <EuiButtonIcon
              iconType="pencil"
              aria-label={strings.editAction(row.id)}
              title={strings.editAction(row.id)}
              onClick={() => onEdit(row.id)}
              data-test-subj={`federationDatasourcesEditButton-${row.id}`}
            />
          </EuiFlexItem>
          <EuiFlexItem grow={false}>
            <EuiButtonIcon
              iconType="trash"
              color="danger"
              aria-label={strings.deleteAction(row.id)}
              title={strings.deleteAction(row.id)}
              onClick={() => onDelete(row.id)}
              data-test-subj={`federationDatasourcesDeleteButton-${row.id}`}
            />
          </EuiFlexItem>
        </EuiFlexGroup>
      ),
    },
  ];

  return (
    <EuiInMemoryTable<DatasourceRow>
      items={rows}
      itemId="id"
      columns={columns}
      tableCaption={strings.tableCaption()}
      search={{
        box: {
          incremental: true,
          placeholder: strings.searchPlaceholder(),
          'aria-label': strings.searchPlaceholder(),
          'data-test-subj': 'federationDatasourcesSearch',
        },
      }}
      sorting={{ sort: { field: 'id', direction: 'asc' } }}
      pagination={rows.length > 20 ? { initialPageSize: 20, pageSizeOptions: [20, 50] } : false}
      message={strings.noMatches()}
      rowProps={(row: DatasourceRow) => ({
        'data-test-subj': `federationDatasourcesRow-${row.id}`,
      })}
      data-test-subj="federationDatasourcesTable"
    />
  );
}
