import { EuiInMemoryTable, type EuiBasicTableColumn } from '@elastic/eui';

/** Rows past this many are paged. */
const PAGE_SIZE = 20;

export interface ManagementListTableProps<Row extends { id: string }> {
  rows: Row[];
  columns: Array<EuiBasicTableColumn<Row>>;
  /** The data-test-subj prefix of the screen, e.g. `federationDatasources`. */
  testSubjPrefix: string;
  caption: string;
  searchPlaceholder: string;
  noMatches: string;
}

/** The items of a management screen: searchable, sorted by id, paged when long. */
export function ManagementListTable<Row extends { id: string }>({
  rows,
  columns,
  testSubjPrefix,
  caption,
  searchPlaceholder,
  noMatches,
}: ManagementListTableProps<Row>) {
  return (
    <EuiInMemoryTable<Row>
      items={rows}
      itemId="id"
      columns={columns}
      tableCaption={caption}
      search={{
        box: {
          incremental: true,
          placeholder: searchPlaceholder,
          'aria-label': searchPlaceholder,
          'data-test-subj': `${testSubjPrefix}Search`,
        },
      }}
      sorting={{ sort: { field: 'id', direction: 'asc' } }}
      pagination={
        rows.length > PAGE_SIZE
          ? { initialPageSize: PAGE_SIZE, pageSizeOptions: [PAGE_SIZE, 50] }
          : false
      }
      message={noMatches}
      rowProps={(row: Row) => ({ 'data-test-subj': `${testSubjPrefix}Row-${row.id}` })}
      data-test-subj={`${testSubjPrefix}Table`}
    />
  );
}
