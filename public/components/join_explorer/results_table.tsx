import {
  EuiBasicTable,
  EuiButtonIcon,
  EuiCodeBlock,
  EuiSpacer,
  EuiText,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useState, type ReactNode } from 'react';
import type { SearchHit } from '../../services/api/search_api';
import { topLevelSourceFields } from './source_fields';
import { strings } from './strings';

/** A cell's text: arrays joined, objects as JSON, nothing as a dash. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(cellText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A dotted path in `_source`, through objects (`customer.name`) or as a literal dotted key. */
function sourceValue(source: Record<string, unknown> | undefined, path: string): unknown {
  if (source === undefined) return undefined;
  if (path in source) return source[path];
  let node: unknown = source;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const rowId = (hit: SearchHit) => `${hit._index}/${hit._id}`;

/** The hit as Discover's document view shows it: everything the answer holds for the row. */
function RowJson({ hit }: { hit: SearchHit }) {
  return (
    <EuiCodeBlock
      fontSize="s"
      paddingSize="s"
      overflowHeight={300}
      isCopyable
      data-test-subj="federationJoinExplorerRowJson"
    >
      {JSON.stringify(hit, null, 2)}
    </EuiCodeBlock>
  );
}

function columnsOf(
  fieldColumns: string[],
  projectedFields: string[],
  expanded: ReadonlySet<string>,
  toggle: (hit: SearchHit) => void
) {
  const columns: EuiBasicTableColumn<SearchHit>[] = [
    {
      // A visually hidden header still names the column for screen readers.
      name: <span className="euiScreenReaderOnly">{strings.rowJsonColumn()}</span>,
      width: '40px',
      isExpander: true,
      render: (hit: SearchHit) => {
        const open = expanded.has(rowId(hit));
        return (
          <EuiButtonIcon
            onClick={() => toggle(hit)}
            iconType={open ? 'arrowDown' : 'arrowRight'}
            aria-label={open ? strings.hideRowJson(hit._id) : strings.showRowJson(hit._id)}
            aria-expanded={open}
            data-test-subj="federationJoinExplorerRowJsonToggle"
          />
        );
      },
    },
    { name: '_index', render: (hit: SearchHit) => hit._index, truncateText: true },
    {
      name: '_id',
      render: (hit: SearchHit) => hit._id,
      truncateText: true,
      // Browser tests read the page's ids from these cells.
      'data-test-subj': 'federationJoinExplorerIdCell',
    } as EuiBasicTableColumn<SearchHit>,
  ];
  for (const field of fieldColumns) {
    columns.push({
      name: field,
      render: (hit: SearchHit) => cellText(sourceValue(hit._source, field)),
      truncateText: true,
      'data-test-subj': `federationJoinExplorerFieldColumn-${field}`,
    } as EuiBasicTableColumn<SearchHit>);
  }
  for (const field of projectedFields) {
    columns.push({
      name: field,
      // Projected child values land in the parent hit's `fields` (one array per field).
      render: (hit: SearchHit) => cellText(hit.fields?.[field]),
      'data-test-subj': `federationJoinExplorerProjectedColumn-${field}`,
    } as EuiBasicTableColumn<SearchHit>);
  }
  return columns;
}

/**
 * One page of parent hits. Without chosen parent fields, the columns are the top-level fields the
 * page's documents hold (as Discover shows them), not one JSON string; every row opens to its
 * JSON.
 */
export function ResultsTable({
  hits,
  parentColumns,
  projectedFields,
  loading,
}: {
  hits: SearchHit[];
  /** The parent fields the request asked for (`_source`); none: the page's own fields. */
  parentColumns: string[];
  projectedFields: string[];
  loading: boolean;
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (hit: SearchHit) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(rowId(hit))) next.add(rowId(hit));
      return next;
    });
  const picked = parentColumns.length === 0 ? topLevelSourceFields(hits) : undefined;
  const fieldColumns = picked ? picked.fields : parentColumns;
  const expandedRows: Record<string, ReactNode> = {};
  for (const hit of hits) {
    if (expanded.has(rowId(hit))) expandedRows[rowId(hit)] = <RowJson hit={hit} />;
  }
  return (
    <>
      <EuiBasicTable<SearchHit>
        items={hits}
        itemId={rowId}
        itemIdToExpandedRowMap={expandedRows}
        isExpandable
        columns={columnsOf(fieldColumns, projectedFields, expanded, toggle)}
        loading={loading}
        noItemsMessage={strings.noHits()}
        tableCaption={strings.tableCaption()}
        data-test-subj="federationJoinExplorerResultsTable"
      />
      {picked && picked.more > 0 ? (
        <>
          <EuiSpacer size="xs" />
          <EuiText size="xs" color="subdued" data-test-subj="federationJoinExplorerMoreFields">
            <p>{strings.moreFields(picked.more)}</p>
          </EuiText>
        </>
      ) : null}
    </>
  );
}
