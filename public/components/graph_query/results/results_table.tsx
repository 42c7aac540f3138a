import {
  EuiButton,
  EuiFlexGroup,
  EuiFlexItem,
  EuiInMemoryTable,
  EuiSpacer,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useMemo } from 'react';
import type { GraphDocument } from '../../../services/api/graph_api';
import { strings } from '../strings';
import { cellSortValue } from './cell_value';
import { downloadText } from './download_text';
import { ResultCell } from './result_cell';
import { rowsToCsv } from './rows_to_csv';

interface ResultRow {
  id: number;
  cells: readonly unknown[];
}

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * Column titles as the header writes the items, made unique (the table sorts by title), e.g.
 * `SELECT c.name, c.name` gives `c.name` and `c.name (2)`.
 */
export function uniqueColumnNames(header: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

/** The rows, sortable by any column and paginated, with a CSV download of all of them. */
export function ResultsTable({
  header,
  rows,
  onOpenDocument,
}: {
  header: readonly string[];
  rows: readonly (readonly unknown[])[];
  onOpenDocument: (document: GraphDocument) => void;
}) {
  const items = useMemo(() => rows.map((cells, id): ResultRow => ({ id, cells })), [rows]);
  const columns = useMemo(
    () =>
      uniqueColumnNames(header).map((name, column): EuiBasicTableColumn<ResultRow> => ({
        name,
        sortable: (item) => cellSortValue(item.cells[column]) ?? '',
        render: (item: ResultRow) => (
          <ResultCell value={item.cells[column]} onOpenDocument={onOpenDocument} />
        ),
      })),
    [header, onOpenDocument]
  );

  return (
    <>
      <EuiFlexGroup justifyContent="flexEnd" gutterSize="s" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiButton
            size="s"
            iconType="download"
            onClick={() => downloadText(rowsToCsv(header, rows), strings.csvFileName())}
            isDisabled={header.length === 0}
            data-test-subj="federationGraphCsvButton"
          >
            {strings.downloadCsv()}
          </EuiButton>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      <EuiInMemoryTable<ResultRow>
        items={items}
        itemId="id"
        columns={columns}
        sorting
        pagination={{ initialPageSize: 25, pageSizeOptions: PAGE_SIZES }}
        tableCaption={strings.tableCaption()}
        message={strings.noRows()}
        tableLayout="auto"
        data-test-subj="federationGraphResultsTable"
      />
    </>
  );
}
