import {
  EuiButton,
  EuiCallOut,
  EuiEmptyPrompt,
  EuiFlexGroup,
  EuiFlexItem,
  EuiHealth,
  EuiLoadingSpinner,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import { ErrorCallout } from '../shared/error_callout';
import { ResultsTable } from './results_table';
import { strings } from './strings';
import { totalOf, type JoinPages } from './use_join_pages';

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
        // h2: a section of the screen under the page's h1, as the form's sections are.
        title={<h2>{strings.emptyTitle()}</h2>}
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
          <ResultsTable
            hits={hits}
            parentColumns={parentColumns}
            projectedFields={projectedFields}
            loading={state.status === 'loading'}
          />
          <EuiSpacer size="s" />
          <Pager pages={pages} />
        </>
      ) : null}
    </>
  );
}
