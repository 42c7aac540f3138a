import {
  EuiPage,
  EuiPageBody,
  EuiPageContent,
  EuiPageHeader,
  EuiSpacer,
  EuiTab,
  EuiTabs,
} from '@elastic/eui';
import type { ComponentType } from 'react';
import { PLUGIN_NAME } from '../../../common/constants';
import { useSelectedTab, type RoutedTab } from '../../services/use_selected_tab';
import type { AppHistory } from '../../types';
import { TabErrorBoundary } from './tab_error_boundary';

export interface AppTab<Id extends string = string> extends RoutedTab<Id> {
  label: string;
  Panel: ComponentType;
}

/** The app's frame: the page title, one tab per feature, and the selected feature's panel. */
export function AppShell<Id extends string>({
  history,
  tabs,
}: {
  history: AppHistory;
  tabs: readonly AppTab<Id>[];
}) {
  const [selectedId, select] = useSelectedTab(history, tabs);
  const selected = tabs.find((tab) => tab.id === selectedId) ?? tabs[0];

  return (
    <EuiPage data-test-subj="federationApp">
      <EuiPageBody>
        <EuiPageHeader pageTitle={PLUGIN_NAME} />
        <EuiTabs>
          {tabs.map((tab) => (
            <EuiTab
              key={tab.id}
              isSelected={tab.id === selectedId}
              onClick={() => select(tab.id)}
              data-test-subj={`federationTab-${tab.id}`}
            >
              {tab.label}
            </EuiTab>
          ))}
        </EuiTabs>
        <EuiSpacer size="m" />
        <EuiPageContent
          role="tabpanel"
          aria-label={selected.label}
          data-test-subj={`federationPanel-${selected.id}`}
        >
          {/* Keyed by tab: a failed tab stays failed only until the user leaves it. */}
          <TabErrorBoundary key={selected.id} tabLabel={selected.label}>
            <selected.Panel />
          </TabErrorBoundary>
        </EuiPageContent>
      </EuiPageBody>
    </EuiPage>
  );
}
