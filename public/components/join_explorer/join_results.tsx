import {
  EuiBasicTable,
  EuiButton,
  EuiCallOut,
  EuiEmptyPrompt,
  EuiFlexGroup,
  EuiFlexItem,
  EuiHealth,
  EuiLoadingSpinner,
  EuiSpacer,
  EuiText,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import type { SearchHit } from '../../services/api/search_api';
import { ErrorCallout } from '../shared/error_callout';
import { strings } from './strings';
import { totalOf, type JoinPages } from './use_join_pages';

const SOURCE_PREVIEW_CHARS = 300;

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

function columnsOf(parentColumns: string[], projectedFields: string[]) {
  const columns: EuiBasicTableColumn<SearchHit>[] = [
    { name: '_index', render: (hit: SearchHit) => hit._index, truncateText: true },
    {
      name: '_id',
      render: (hit: SearchHit) => hit._id,
      truncateText: true,
      // Browser tests read the page's ids from these cells.
      'data-test-subj': 'federationJoinExplorerIdCell',
    } as EuiBasicTableColumn<SearchHit>,
  ];
  if (parentColumns.length === 0) {
    columns.push({
      name: strings.sourceColumn(),
      render: (hit: SearchHit) => {
        const text = cellText(hit._source);
        return text.length > SOURCE_PREVIEW_CHARS
          ? `${text.slice(0, SOURCE_PREVIEW_CHARS)}…`
          : text;
      },
      width: '40%',
    });
  }
  for (const field of parentColumns) {
    columns.push({
      name: field,
      render: (hit: SearchHit) => cellText(sourceValue(hit._source, field)),
    });
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

/** Previous / page status / Next. */
function Pager({ pages }: { pages: JoinPages }) {
  const { state } = pages;
  const hits = state.response?.hits.hits ?? [];
  const size = state.request?.body.size ?? 0;
  const from = state.pageIndex * size + 1;
  const busy = state.status === 'loading';
  return (
    <EuiFlexGroup alignItems="center" justifyContent="spaceBetween" responsive={false}>
      <EuiFlexItem grow={false}>
        <EuiButton
          size="s"
          iconType="arrowLeft"
          onClick={pages.previous}
          isDisabled={!pages.canPrevious || busy}
          data-test-subj="federationJoinExplorerPreviousPage"
        >
          {strings.previousPage()}
        </EuiButton>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiText size="s" role="status" data-test-subj="federationJoinExplorerPageStatus">
          {hits.length > 0
            ? strings.pageStatus(state.pageIndex + 1, from, from + hits.length - 1)
            : strings.pageStatusEmpty(state.pageIndex + 1)}
        </EuiText>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButton
          size="s"
          iconType="arrowRight"
          iconSide="right"
          onClick={pages.next}
          isDisabled={!pages.canNext || busy}
          data-test-subj="federationJoinExplorerNextPage"
        >
          {strings.nextPage()}
        </EuiButton>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}

/** The join's answer: empty state before a run, progress, the server's error, or the page. */
export function JoinResults({
  pages,
  parentColumns,
  projectedFields,
}: {
  pages: JoinPages;
  /** Of the request the results belong to (not of the form, which may have moved on). */
  parentColumns: string[];
  projectedFields: string[];
}) {
  const { state } = pages;
  if (state.status === 'idle' && state.response === null && state.error === null) {
    return (
      <EuiEmptyPrompt
        iconType="merge"
        title={<h3>{strings.emptyTitle()}</h3>}
        body={<p>{strings.emptyBody()}</p>}
        data-test-subj="federationJoinExplorerEmptyState"
      />
    );
  }
  if (state.response === null && (state.status === 'opening' || state.status === 'loading')) {
    return (
      <EuiFlexGroup justifyContent="center" data-test-subj="federationJoinExplorerLoading">
        <EuiFlexItem grow={false}>
          {/* OUI's spinner is a bare span: a role lets its name reach screen readers. */}
          <EuiLoadingSpinner size="xl" role="progressbar" aria-label={strings.loading()} />
        </EuiFlexItem>
      </EuiFlexGroup>
    );
  }
  const total = totalOf(state.response);
  const hits = state.response?.hits.hits ?? [];
  return (
    <>
      {state.error ? (
        <>
          <ErrorCallout
            title={strings.runError()}
            error={state.error}
            dataTestSubj="federationJoinExplorerError"
          />
          <EuiSpacer size="m" />
        </>
      ) : null}
      {state.stale && state.response ? (
        <>
          <EuiCallOut
            size="s"
            color="warning"
            iconType="clock"
            title={strings.staleTitle()}
            data-test-subj="federationJoinExplorerStaleNotice"
          >
            <p>{strings.staleBody()}</p>
          </EuiCallOut>
          <EuiSpacer size="m" />
        </>
      ) : null}
      {state.response ? (
        <>
          <EuiFlexGroup alignItems="center" justifyContent="spaceBetween" responsive={false}>
            <EuiFlexItem grow={false}>
              {total ? (
                <EuiText size="s" data-test-subj="federationJoinExplorerTotal">
                  <strong>{strings.total(total.value.toLocaleString(), total.relation)}</strong>
                </EuiText>
              ) : null}
            </EuiFlexItem>
            {state.pitOpen && state.request ? (
              <EuiFlexItem grow={false}>
                <EuiHealth color="success" data-test-subj="federationJoinExplorerPitStatus">
                  {strings.pitOpen(state.request.keepAlive)}
                </EuiHealth>
              </EuiFlexItem>
            ) : null}
          </EuiFlexGroup>
          <EuiSpacer size="s" />
          <EuiBasicTable<SearchHit>
            items={hits}
            itemId={(hit: SearchHit) => `${hit._index}/${hit._id}`}
            columns={columnsOf(parentColumns, projectedFields)}
            loading={state.status === 'loading'}
            noItemsMessage={strings.noHits()}
            tableCaption={strings.tableCaption()}
            data-test-subj="federationJoinExplorerResultsTable"
          />
          <EuiSpacer size="s" />
          <Pager pages={pages} />
        </>
      ) : null}
    </>
  );
}
