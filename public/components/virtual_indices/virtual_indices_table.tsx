import { EuiText, type EuiBasicTableColumn } from '@elastic/eui';
import { editDeleteActionsColumn, idLinkColumn } from '../shared/management/list_table_columns';
import { ManagementListTable } from '../shared/management/management_list_table';
import { TruncatedText } from '../shared/management/truncated_text';
import { useMemo } from 'react';
import type { VirtualIndexSummary } from '../../services/api/virtual_indices_api';
import { MappedColumnsPopover } from './mapped_columns_popover';
import { strings } from './strings';
import { qualifiedName } from './virtual_index_form';

const TEST_SUBJ_PREFIX = 'federationVirtualIndices';

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
    idLinkColumn<VirtualIndexRow>({
      name: strings.columnId(),
      testSubjPrefix: TEST_SUBJ_PREFIX,
      onEdit,
    }),
    {
      field: 'datasource',
      name: strings.columnDatasource(),
      sortable: true,
      width: '18%',
      render: (datasource: string) => <TruncatedText text={datasource} />,
    },
    {
      // Qualified names have no spaces: one line, cut with an ellipsis, whole in the title
      // (a narrow window broke them mid-name).
      field: 'resource',
      name: strings.columnResource(),
      sortable: true,
      render: (resource: string, row: VirtualIndexRow) => (
        <TruncatedText text={resource} testSubj={`federationVirtualIndicesResource-${row.id}`}>
          <code>{resource}</code>
        </TruncatedText>
      ),
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
    editDeleteActionsColumn<VirtualIndexRow>({
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
