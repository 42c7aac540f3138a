import {
  EuiCallOut,
  EuiCode,
  EuiEmptyPrompt,
  EuiFlexGroup,
  EuiFlexItem,
  EuiProgress,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { useCallback, useState, type ReactNode } from 'react';
import type { GraphDocument, GraphResponse } from '../../../services/api/graph_api';
import { EXAMPLE_QUERIES } from '../demo_starter';
import { modelOutline } from '../model_text';
import { strings } from '../strings';
import { GraphRunCancelled, type GraphRunVariables } from '../use_graph_run';
import { DocumentFlyout } from './document_flyout';
import { ExplainPlan } from './explain_plan';
import { GraphErrorCallout } from './graph_error_callout';
import type { ExpansionRequest } from './neighbour_expansion';
import { nextLayers, type PictureLayer } from './picture_layers';
import { ResultsTabs } from './results_tabs';
import type { PictureExpansion } from './subgraph_picture';

export interface RunState {
  status: 'idle' | 'pending' | 'success' | 'error';
  data?: GraphResponse;
  error?: unknown;
  /** What the shown result (or the run in flight) was asked with. */
  variables?: GraphRunVariables;
}

/** An answer on screen, with what its picture draws (it and the answers it was expanded from). */
interface ShownAnswer {
  response: GraphResponse;
  variables: GraphRunVariables;
  picture: PictureLayer[];
}

/**
 * The lower half of the screen: the last run's answer, or what to do before the first one. While
 * a neighbour expansion runs (or if it fails) the answer it started from stays, picture and tab
 * included; once it answers, its rows are the table and its documents join the picture.
 */
export function ResultsSection({
  run,
  queryWritten,
  demoAvailable,
  onExpand,
}: {
  run: RunState;
  /** False while the query editor is empty: the empty state explains what to write. */
  queryWritten: boolean;
  /** The demo graph is in the cluster (else the empty state says how to load it). */
  demoAvailable: boolean;
  /** Runs a neighbour expansion chosen in the picture (its query goes to the editor). */
  onExpand?: (request: ExpansionRequest) => void;
}) {
  const [document, setDocument] = useState<GraphDocument | null>(null);
  const openDocument = useCallback((doc: GraphDocument) => setDocument(doc), []);
  const [shown, setShown] = useState<ShownAnswer | null>(null);
  const answered = run.status === 'success' && run.data && run.variables ? run : null;
  if (answered && shown?.variables !== answered.variables) {
    // A new answer (derived state, set while rendering as React allows for a component's own).
    const { data, variables } = answered as Required<Pick<RunState, 'data' | 'variables'>>;
    const model = modelOutline(variables.request.model);
    setShown({
      response: data,
      variables,
      picture: data.plan ? [] : nextLayers(shown?.picture ?? [], variables, data, model),
    });
  }
  const expansion: PictureExpansion | undefined = onExpand
    ? { onExpand, busy: run.status === 'pending' }
    : undefined;

  return (
    <section aria-label={strings.resultsTitle()} aria-busy={run.status === 'pending'}>
      {run.status === 'pending' ? (
        <EuiProgress size="xs" color="accent" data-test-subj="federationGraphProgress" />
      ) : null}
      <EuiSpacer size="s" />
      <ResultsBody
        run={run}
        shown={shown}
        queryWritten={queryWritten}
        demoAvailable={demoAvailable}
        onOpenDocument={openDocument}
        expansion={expansion}
      />
      {document ? <DocumentFlyout document={document} onClose={() => setDocument(null)} /> : null}
    </section>
  );
}

function ResultsBody({
  run,
  shown,
  queryWritten,
  demoAvailable,
  onOpenDocument,
  expansion,
}: {
  run: RunState;
  shown: ShownAnswer | null;
  queryWritten: boolean;
  demoAvailable: boolean;
  onOpenDocument: (document: GraphDocument) => void;
  expansion?: PictureExpansion;
}) {
  // The answer an expansion started from stays on screen while it runs, and if it fails.
  const keep = run.variables?.expansion !== undefined && (shown?.picture.length ?? 0) > 0;
  let notice: ReactNode = null;
  let answer: ShownAnswer | null = null;
  if (run.status === 'error') {
    notice =
      run.error instanceof GraphRunCancelled ? (
        <EuiCallOut
          title={strings.cancelledTitle()}
          color="warning"
          iconType="minusInCircle"
          data-test-subj="federationGraphCancelled"
        >
          <p>{strings.cancelledBody()}</p>
        </EuiCallOut>
      ) : (
        <GraphErrorCallout error={run.error} />
      );
    if (keep) answer = shown;
  } else if (run.status === 'success') {
    answer = shown;
  } else if (run.status === 'pending') {
    if (keep) answer = shown;
  } else {
    notice = queryWritten ? (
      <EuiEmptyPrompt
        iconType="play"
        titleSize="xs"
        title={<h3>{strings.idleTitle()}</h3>}
        body={<p>{strings.idleBody()}</p>}
        data-test-subj="federationGraphIdle"
      />
    ) : (
      <EuiEmptyPrompt
        iconType="graphApp"
        titleSize="xs"
        title={<h3>{strings.blankTitle()}</h3>}
        body={
          <>
            <p>{strings.blankModel()}</p>
            <p>{strings.blankQuery()}</p>
            {EXAMPLE_QUERIES.map(({ form, query }) => (
              <p key={form}>
                {form === 'select' ? strings.exampleSelectForm() : strings.exampleMatchForm()}{' '}
                <EuiCode>{query}</EuiCode>
              </p>
            ))}
            {demoAvailable ? null : <p>{strings.blankDemo()}</p>}
          </>
        }
        data-test-subj="federationGraphBlank"
      />
    );
  }
  // The same places whatever is shown, so the answer (its tab, its drawing) is kept, not rebuilt,
  // as an expansion goes from running to answered.
  return (
    <>
      {notice}
      {notice && answer ? <EuiSpacer size="m" /> : null}
      {answer ? (
        <Answer
          response={answer.response}
          picture={answer.picture}
          onOpenDocument={onOpenDocument}
          expansion={expansion}
        />
      ) : null}
    </>
  );
}

function Answer({
  response,
  picture,
  onOpenDocument,
  expansion,
}: {
  response: GraphResponse;
  picture: PictureLayer[];
  onOpenDocument: (document: GraphDocument) => void;
  expansion?: PictureExpansion;
}) {
  const execution = response.query_plan_execution;
  return (
    <>
      <EuiFlexGroup alignItems="baseline" gutterSize="m" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiTitle size="xs">
            <h2>{response.plan ? strings.explainTitle() : strings.resultsTitle()}</h2>
          </EuiTitle>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiText size="s" color="subdued" data-test-subj="federationGraphSummary">
            {response.plan
              ? strings.planSummary(execution.took_in_millis)
              : strings.summary(response.rows.length, execution.took_in_millis)}
          </EuiText>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      {response.truncated ? (
        <>
          <EuiCallOut
            size="s"
            color="warning"
            iconType="alert"
            title={strings.truncatedTitle()}
            data-test-subj="federationGraphTruncated"
          >
            <p>{strings.truncatedBody(response.rows.length)}</p>
          </EuiCallOut>
          <EuiSpacer size="s" />
        </>
      ) : null}
      {response.plan ? (
        <ExplainPlan plan={response.plan} />
      ) : (
        <ResultsTabs
          response={response}
          picture={picture}
          onOpenDocument={onOpenDocument}
          expansion={expansion}
        />
      )}
    </>
  );
}
