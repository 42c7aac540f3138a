import {
  EuiPage,
  EuiPageBody,
  EuiPageContent,
  EuiPageHeader,
  EuiSpacer,
  EuiTab,
  EuiTabs,
} from '@elastic/eui';
import { useMemo, type ComponentType } from 'react';
import { PLUGIN_NAME } from '../../../common/constants';
import { translate } from '../../i18n';
import { useSelectedTab, type RoutedTab } from '../../services/use_selected_tab';
import type { AppHistory } from '../../types';
import { TabErrorBoundary } from './tab_error_boundary';
import { useTabKeys } from './tab_keys';

export interface AppTab<Id extends string = string> extends RoutedTab<Id> {
  label: string;
  Panel: ComponentType;
}

/**
 * The app's frame: the page title, one tab per feature, and the selected feature's panel, in
 * landmarks (so no content sits outside one, and a screen reader can jump to the panel).
 * `pageBanner`: the app owns the page (standalone), so its title is the page's banner. Inside
 * OSD the chrome's header is the banner and mounts the app into a plain <div>: the title then
 * heads the app's main instead of making a second banner.
 */
export function AppShell<Id extends string>({
  history,
  tabs,
  pageBanner = false,
}: {
  history: AppHistory;
  tabs: readonly AppTab<Id>[];
  pageBanner?: boolean;
}) {
  const [selectedId, select] = useSelectedTab(history, tabs);
  const selected = tabs.find((tab) => tab.id === selectedId) ?? tabs[0];
  const ids = useMemo(() => tabs.map((tab) => tab.id), [tabs]);
  // Arrow keys, Home and End move between the tabs as a click would (navigating to the tab's path).
  const { tabListProps, tabProps, panelProps } = useTabKeys({
    ids,
    selectedId: selected.id,
    onSelect: select,
    idPrefix: 'federationTab',
    panelId: 'federationAppPanel',
  });
  // EuiPageHeader is a <header>: a banner at the top level, a plain header inside <main>.
  const title = <EuiPageHeader pageTitle={PLUGIN_NAME} />;

  return (
    <EuiPage data-test-subj="federationApp">
      <EuiPageBody>
        {pageBanner ? title : null}
        <main>
          {pageBanner ? null : title}
          {/* The tabs route (each has its path): the app's navigation. */}
          <nav
            aria-label={translate('federation.shell.sections', {
              defaultMessage: '{app} sections',
              values: { app: PLUGIN_NAME },
            })}
          >
            <EuiTabs {...tabListProps}>
              {tabs.map((tab) => (
                <EuiTab
                  key={tab.id}
                  {...tabProps(tab.id)}
                  isSelected={tab.id === selectedId}
                  onClick={() => select(tab.id)}
                  data-test-subj={`federationTab-${tab.id}`}
                >
                  {tab.label}
                </EuiTab>
              ))}
            </EuiTabs>
          </nav>
          <EuiSpacer size="m" />
          <EuiPageContent {...panelProps} data-test-subj={`federationPanel-${selected.id}`}>
            {/* Keyed by tab: a failed tab stays failed only until the user leaves it. */}
            <TabErrorBoundary key={selected.id} tabLabel={selected.label}>
              <selected.Panel />
            </TabErrorBoundary>
          </EuiPageContent>
        </main>
      </EuiPageBody>
    </EuiPage>
  );
}
