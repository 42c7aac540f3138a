import { EuiSpacer, EuiTab, EuiTabs } from '@elastic/eui';
import { useState } from 'react';
import type { GraphDocument, GraphModelJson, GraphResponse } from '../../../services/api/graph_api';
import { strings } from '../strings';
import { ResultsTable } from './results_table';
import { StepsChart } from './steps_chart';
import { SubgraphPicture } from './subgraph_picture';

type View = 'table' | 'steps' | 'picture';

const VIEWS: Array<{ id: View; label: () => string }> = [
  { id: 'table', label: strings.tabTable },
  { id: 'steps', label: strings.tabSteps },
  { id: 'picture', label: strings.tabPicture },
];

/** The three views of a run's answer: table, steps chart and picture. */
export function ResultsTabs({
  response,
  query,
  model,
  onOpenDocument,
}: {
  response: GraphResponse;
  query: string;
  model: GraphModelJson;
  onOpenDocument: (document: GraphDocument) => void;
}) {
  const [view, setView] = useState<View>('table');
  return (
    <>
      <EuiTabs size="s" aria-label={strings.tabsAriaLabel()}>
        {VIEWS.map(({ id, label }) => (
          <EuiTab
            key={id}
            id={`federationGraphTab-${id}`}
            isSelected={view === id}
            onClick={() => setView(id)}
            aria-controls="federationGraphResultView"
            data-test-subj={`federationGraphTab-${id}`}
          >
            {label()}
          </EuiTab>
        ))}
      </EuiTabs>
      <EuiSpacer size="m" />
      <div
        id="federationGraphResultView"
        role="tabpanel"
        aria-labelledby={`federationGraphTab-${view}`}
      >
        {view === 'table' ? (
          <ResultsTable
            header={response.header}
            rows={response.rows}
            onOpenDocument={onOpenDocument}
          />
        ) : view === 'steps' ? (
          <StepsChart response={response} />
        ) : (
          <SubgraphPicture
            query={query}
            rows={response.rows}
            model={model}
            onOpenDocument={onOpenDocument}
          />
        )}
      </div>
    </>
  );
}
