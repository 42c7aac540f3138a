import {
  EuiButtonIcon,
  EuiFlexGroup,
  EuiFlexItem,
  EuiInMemoryTable,
  EuiLink,
  EuiText,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useMemo } from 'react';
import type { VirtualIndexSummary } from '../../services/api/virtual_indices_api';
import { MappedColumnsPopover } from './mapped_columns_popover';
import { strings } from './strings';
import { qualifiedName } from './virtual_index_form';

/** One table row: flat, so the search box matches every shown value. */
interface VirtualIndexRow {
  id: string;
  datasource: string;
  resource: string;
  key: string;
  columnCount: number;
  source: VirtualIndexSummary;
}

function toRow(vi: VirtualIndexSummary): VirtualIndexRow {
  return {
    id: vi.id,
    datasource: vi.datasource,
    resource: qualifiedName({ name: vi.resource, catalog: vi.catalog, schema: vi.schema }),
    key: vi.key ?? '',
    columnCount: vi.columns.length,
    source: vi,
  };
}

export interface VirtualIndicesTableProps {
  virtualIndices: VirtualIndexSummary[];
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

export function VirtualIndicesTable({
  virtualIndices,
  onEdit,
  onDelete,
}: VirtualIndicesTableProps) {
  const rows = useMemo(() => virtualIndices.map(toRow), [virtualIndices]);

  const columns: Array<EuiBasicTableColumn<VirtualIndexRow>> = [
    {
      field: 'id',
      name: strings.columnId(),
      sortable: true,
      render: (id: string) => (
        <EuiLink
          onClick={() => onEdit(id)}
          data-test-subj={`federationVirtualIndicesEditLink-${id}`}
        >
          {id}
        </EuiLink>
      ),
    },
    { field: 'datasource', name: strings.columnDatasource(), sortable: true },
    {
      field: 'resource',
      name: strings.columnResource(),
      sortable: true,
      render: (resource: string) => <code>{resource}</code>,
    },
    {
      field: 'key',
      name: strings.columnKey(),
      render: (key: string) =>
        key ? (
          <code>{key}</code>
        ) : (
          <EuiText size="s" color="subdued">
            {strings.noKey()}
          </EuiText>
        ),
    },
    {
      field: 'columnCount',
      name: strings.columnColumns(),
      sortable: true,
      render: (_count: number, row: VirtualIndexRow) => (
        <MappedColumnsPopover id={row.id} columns={row.source.columns} keyColumn={row.source.key} />
      ),
    },
    {
      name: strings.columnActions(),
      width: '96px',
      render: (row: VirtualIndexRow) => (
        <EuiFlexGroup gutterSize="s" responsive={false}>
          <EuiFlexItem grow={false}>
            <EuiButtonIcon
              iconType="pencil"
              aria-label={strings.editAction(row.id)}
              title={strings.editAction(row.id)}
              onClick={() => onEdit(row.id)}
              data-test-subj={`federationVirtualIndicesEditButton-${row.id}`}
            />
          </EuiFlexItem>
          <EuiFlexItem grow={false}>
            <EuiButtonIcon
              iconType="trash"
              color="danger"
              aria-label={strings.deleteAction(row.id)}
              title={strings.deleteAction(row.id)}
              onClick={() => onDelete(row.id)}
              data-test-subj={`federationVirtualIndicesDeleteButton-${row.id}`}
            />
          </EuiFlexItem>
        </EuiFlexGroup>
      ),
    },
  ];

  return (
    <EuiInMemoryTable<VirtualIndexRow>
      items={rows}
      itemId="id"
      columns={columns}
      tableCaption={strings.tableCaption()}
      search={{
        box: {
          incremental: true,
          placeholder: strings.searchPlaceholder(),
          'aria-label': strings.searchPlaceholder(),
          'data-test-subj': 'federationVirtualIndicesSearch',
        },
      }}
      sorting={{ sort: { field: 'id', direction: 'asc' } }}
      pagination={rows.length > 20 ? { initialPageSize: 20, pageSizeOptions: [20, 50] } : false}
      message={strings.noMatches()}
      rowProps={(row: VirtualIndexRow) => ({
        'data-test-subj': `federationVirtualIndicesRow-${row.id}`,
      })}
      data-test-subj="federationVirtualIndicesTable"
    />
  );
}
