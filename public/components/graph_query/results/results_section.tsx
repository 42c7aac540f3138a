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
import { useCallback, useMemo, useState } from 'react';
import type { GraphDocument, GraphResponse } from '../../../services/api/graph_api';
import { EXAMPLE_QUERY } from '../demo_starter';
import { modelOutline } from '../model_text';
import { strings } from '../strings';
import { GraphRunCancelled, type GraphRunVariables } from '../use_graph_run';
import { DocumentFlyout } from './document_flyout';
import { ExplainPlan } from './explain_plan';
import { GraphErrorCallout } from './graph_error_callout';
import { ResultsTabs } from './results_tabs';

export interface RunState {
  status: 'idle' | 'pending' | 'success' | 'error';
  data?: GraphResponse;
  error?: unknown;
  /** What the shown result (or the run in flight) was asked with. */
  variables?: GraphRunVariables;
}

/** The lower half of the screen: the last run's answer, or what to do before the first one. */
export function ResultsSection({
  run,
  queryWritten,
  demoAvailable,
}: {
  run: RunState;
  /** False while the query editor is empty: the empty state explains what to write. */
  queryWritten: boolean;
  /** The demo graph is in the cluster (else the empty state says how to load it). */
  demoAvailable: boolean;
}) {
  const [document, setDocument] = useState<GraphDocument | null>(null);
  const openDocument = useCallback((doc: GraphDocument) => setDocument(doc), []);

  return (
    <section aria-label={strings.resultsTitle()} aria-busy={run.status === 'pending'}>
      {run.status === 'pending' ? (
        <EuiProgress size="xs" color="accent" data-test-subj="federationGraphProgress" />
      ) : null}
      <EuiSpacer size="s" />
      <ResultsBody
        run={run}
        queryWritten={queryWritten}
        demoAvailable={demoAvailable}
        onOpenDocument={openDocument}
      />
      {document ? <DocumentFlyout document={document} onClose={() => setDocument(null)} /> : null}
    </section>
  );
}

function ResultsBody({
  run,
  queryWritten,
  demoAvailable,
  onOpenDocument,
}: {
  run: RunState;
  queryWritten: boolean;
  demoAvailable: boolean;
  onOpenDocument: (document: GraphDocument) => void;
}) {
  if (run.status === 'error') {
    if (run.error instanceof GraphRunCancelled) {
      return (
        <EuiCallOut
          title={strings.cancelledTitle()}
          color="warning"
          iconType="minusInCircle"
          data-test-subj="federationGraphCancelled"
        >
          <p>{strings.cancelledBody()}</p>
        </EuiCallOut>
      );
    }
    return <GraphErrorCallout error={run.error} />;
  }
  if (run.status === 'success' && run.data && run.variables) {
    return <Answer response={run.data} variables={run.variables} onOpenDocument={onOpenDocument} />;
  }
  if (run.status === 'pending') return null;
  return queryWritten ? (
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
          <p>
            <EuiCode>{EXAMPLE_QUERY}</EuiCode>
          </p>
          {demoAvailable ? null : <p>{strings.blankDemo()}</p>}
        </>
      }
      data-test-subj="federationGraphBlank"
    />
  );
}

function Answer({
  response,
  variables,
  onOpenDocument,
}: {
  response: GraphResponse;
  variables: GraphRunVariables;
  onOpenDocument: (document: GraphDocument) => void;
}) {
  const execution = response.query_plan_execution;
  const model = useMemo(() => modelOutline(variables.request.model), [variables]);
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
          query={variables.request.query}
          model={model}
          onOpenDocument={onOpenDocument}
        />
      )}
    </>
  );
}
