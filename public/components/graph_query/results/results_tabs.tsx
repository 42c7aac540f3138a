import { EuiSpacer, EuiTab, EuiTabs } from '@elastic/eui';
import { useState } from 'react';
import type { GraphDocument, GraphResponse } from '../../../services/api/graph_api';
import { useTabKeys } from '../../shared/tab_keys';
import { strings } from '../strings';
import { ResultsTable } from './results_table';
import { StepsChart } from './steps_chart';
import type { PictureLayer } from './picture_layers';
import { SubgraphPicture, type PictureExpansion } from './subgraph_picture';

export type View = 'table' | 'steps' | 'picture';

const VIEWS: Array<{ id: View; label: () => string }> = [
  { id: 'table', label: strings.tabTable },
  { id: 'steps', label: strings.tabSteps },
  { id: 'picture', label: strings.tabPicture },
];
const VIEW_IDS = VIEWS.map(({ id }) => id);

/** The three views of a run's answer: table, steps chart and picture. */
export function ResultsTabs({
  response,
  picture,
  onOpenDocument,
  expansion,
  initialView = 'table',
}: {
  response: GraphResponse;
  /** What the picture draws: this answer, after the ones it was expanded from. */
  picture: readonly PictureLayer[];
  onOpenDocument: (document: GraphDocument) => void;
  expansion?: PictureExpansion;
  initialView?: View;
}) {
  const [view, setView] = useState<View>(initialView);
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
          <SubgraphPicture layers={picture} onOpenDocument={onOpenDocument} expansion={expansion} />
        )}
      </div>
    </>
  );
}
