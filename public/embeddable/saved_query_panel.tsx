/**
 * The saved GQL query panel's drawing: reads the saved query, runs it through `POST /svc/_graph`
 * with the dashboard's time range, and shows the table or the picture the app shows for the same
 * answer (the graph query screen's components, imported as they are). Runs again whenever the
 * run key changes (panel_request.ts); a run in flight is cancelled by the next.
 */
import { EuiFlexGroup, EuiFlexItem, EuiProgress, EuiSpacer, EuiText } from '@elastic/eui';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SavedQuerySource } from '../../common/saved_query_types';
import { DocumentFlyout } from '../components/graph_query/results/document_flyout';
import { GraphErrorCallout } from '../components/graph_query/results/graph_error_callout';
import { ResultsTable } from '../components/graph_query/results/results_table';
import { SubgraphPicture } from '../components/graph_query/results/subgraph_picture';
import { modelOutline } from '../components/graph_query/model_text';
import { ErrorCallout } from '../components/shared/error_callout';
import { createFederationApi } from '../services/api';
import type { GraphDocument, GraphResponse, GraphRunRequest } from '../services/api/graph_api';
import { DateMathError } from './date_math';
import { dashboardNarrows, graphRequestFor, runKey, timeFilteredLabels } from './panel_request';
import type { PanelProps } from './saved_query_embeddable';
import { strings } from './strings';

type PanelState =
  | { status: 'loading'; last?: Answer }
  | { status: 'answered'; answer: Answer }
  | { status: 'failed'; stage: 'load' | 'time' | 'run'; error: unknown };

interface Answer {
  saved: SavedQuerySource;
  request: GraphRunRequest;
  response: GraphResponse;
}

export function SavedQueryPanel({ http, input, reloads, onOutput }: PanelProps) {
  const api = useMemo(() => createFederationApi(http), [http]);
  const [state, setState] = useState<PanelState>({ status: 'loading' });
  const [document, setDocument] = useState<GraphDocument | null>(null);
  // The effect runs on the key alone; what it reads of the props is the latest.
  const latest = useRef({ input, onOutput });
  latest.current = { input, onOutput };
  const key = runKey(input, reloads);

  useEffect(() => {
    const controller = new AbortController();
    const { input: current, onOutput: output } = latest.current;
    const failed = (stage: 'load' | 'time' | 'run', error: unknown) => {
      if (controller.signal.aborted) return;
      setState({ status: 'failed', stage, error });
      output({ loading: false });
    };
    setState((previous) => ({
      status: 'loading',
      last: previous.status === 'answered' ? previous.answer : undefined,
    }));
    output({ loading: true });
    void (async () => {
      let saved: SavedQuerySource;
      try {
        saved = (await api.savedQueries.get(current.savedQueryId, controller.signal))._source;
      } catch (error) {
        return failed('load', error);
      }
      if (controller.signal.aborted) return;
      output({ defaultTitle: saved.title, title: saved.title });
      let request: GraphRunRequest;
      try {
        request = graphRequestFor(saved, current, new Date());
      } catch (error) {
        if (error instanceof DateMathError) return failed('time', error);
        throw error;
      }
      try {
        const response = await api.graph.run(request, { signal: controller.signal });
        if (controller.signal.aborted) return;
        setState({ status: 'answered', answer: { saved, request, response } });
        output({ loading: false });
      } catch (error) {
        failed('run', error);
      }
    })();
    return () => controller.abort();
  }, [api, key]);

  const answer =
    state.status === 'answered'
      ? state.answer
      : state.status === 'loading'
        ? state.last
        : undefined;
  return (
    <div
      data-test-subj="federationPanel"
      data-run-state={state.status}
      aria-busy={state.status === 'loading'}
      style={{ height: '100%', overflow: 'auto', padding: 8 }}
    >
      {state.status === 'loading' ? (
        <EuiProgress size="xs" color="accent" position="absolute" />
      ) : null}
      {state.status === 'failed' ? (
        state.stage === 'run' ? (
          <GraphErrorCallout error={state.error} />
        ) : (
          <ErrorCallout
            title={state.stage === 'load' ? strings.loadFailed() : strings.badTimeRange()}
            error={state.error}
            dataTestSubj="federationPanelError"
          />
        )
      ) : null}
      {answer && state.status !== 'failed' ? (
        <AnswerView answer={answer} view={input.view ?? 'table'} onOpenDocument={setDocument} />
      ) : null}
      {dashboardNarrows(input) ? (
        <>
          <EuiSpacer size="s" />
          <EuiText size="xs" color="subdued" data-test-subj="federationPanelQueryNote">
            <p>{strings.queryNotApplied()}</p>
          </EuiText>
        </>
      ) : null}
      {document ? <DocumentFlyout document={document} onClose={() => setDocument(null)} /> : null}
    </div>
  );
}

function AnswerView({
  answer,
  view,
  onOpenDocument,
}: {
  answer: Answer;
  view: 'table' | 'picture';
  onOpenDocument: (document: GraphDocument) => void;
}) {
  const { saved, request, response } = answer;
  // One layer: the panel draws its answer; exploring neighbours is the app's.
  const layers = useMemo(
    () => [{ query: saved.query, rows: response.rows, model: modelOutline(saved.model) }],
    [saved, response]
  );
  const timed = timeFilteredLabels(saved.model);
  return (
    <>
      <EuiFlexGroup gutterSize="m" responsive={false} wrap>
        <EuiFlexItem grow={false}>
          <EuiText size="xs" data-test-subj="federationPanelSummary">
            <p>{strings.summary(response.rows.length)}</p>
          </EuiText>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiText size="xs" color="subdued" data-test-subj="federationPanelTimeNote">
            <p>
              {timed.length > 0
                ? strings.timeFiltered(timed.join(', '))
                : strings.notTimeFiltered()}
              {request.time_range ? ` (${request.time_range.from} – ${request.time_range.to})` : ''}
            </p>
          </EuiText>
        </EuiFlexItem>
        {response.truncated ? (
          <EuiFlexItem grow={false}>
            <EuiText size="xs" color="warning">
              <p>{strings.truncated()}</p>
            </EuiText>
          </EuiFlexItem>
        ) : null}
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      {view === 'picture' ? (
        <SubgraphPicture layers={layers} onOpenDocument={onOpenDocument} />
      ) : (
        <ResultsTable
          header={response.header}
          rows={response.rows}
          onOpenDocument={onOpenDocument}
        />
      )}
    </>
  );
}
