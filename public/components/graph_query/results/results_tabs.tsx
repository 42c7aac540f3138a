import { EuiSpacer, EuiTab, EuiTabs } from '@elastic/eui';
import { useState } from 'react';
import type { GraphDocument, GraphModelJson, GraphResponse } from '../../../services/api/graph_api';
import { useTabKeys } from '../../shared/tab_keys';
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
const VIEW_IDS = VIEWS.map(({ id }) => id);

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
  const { tabListProps, tabProps, panelProps } = useTabKeys({
    ids: VIEW_IDS,
    selectedId: view,
    onSelect: setView,
    idPrefix: 'federationGraphTab',
    panelId: 'federationGraphResultView',
  });
  return (
    <>
      <EuiTabs size="s" aria-label={strings.tabsAriaLabel()} {...tabListProps}>
        {VIEWS.map(({ id, label }) => (
          <EuiTab
            key={id}
            {...tabProps(id)}
            isSelected={view === id}
            onClick={() => setView(id)}
            data-test-subj={`federationGraphTab-${id}`}
          >
            {label()}
          </EuiTab>
        ))}
      </EuiTabs>
      <EuiSpacer size="m" />
      <div {...panelProps}>
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
