import {
  EuiCallOut,
  EuiCodeBlock,
  EuiFlexGroup,
  EuiFlexItem,
  EuiSpacer,
  EuiTab,
  EuiTabs,
  EuiText,
} from '@elastic/eui';
import { useState } from 'react';
import type { SortValue } from '../../services/api/search_api';
import { useTabKeys } from '../shared/tab_keys';
import type { JoinRequest, JoinRequestProblem } from './build_join_request';
import { CopyButton } from './copy_button';
import { joinRequestCurl, pageBodyJson } from './request_text';
import { strings } from './strings';

type View = 'json' | 'curl';

const VIEW_IDS: readonly View[] = ['json', 'curl'];

/**
 * The request as users take it to their scripts: the search body of the page shown (PIT id as a
 * placeholder), or the whole open / page / close sequence as `curl`. Before the form is complete,
 * what is still missing.
 */
export function RequestView({
  request,
  problems,
  searchAfter,
  origin,
}: {
  request: JoinRequest | null;
  problems: JoinRequestProblem[];
  /** The `search_after` of the page shown, if it is not the first. */
  searchAfter?: readonly SortValue[];
  origin: string;
}) {
  const [view, setView] = useState<View>('json');
  const { tabListProps, tabProps, panelProps } = useTabKeys({
    ids: VIEW_IDS,
    selectedId: view,
    onSelect: setView,
    idPrefix: 'federationJoinExplorerRequestTab',
    panelId: 'federationJoinExplorerRequestView',
  });
  if (request === null) {
    return (
      <EuiCallOut
        size="s"
        iconType="iInCircle"
        title={strings.formIncomplete()}
        data-test-subj="federationJoinExplorerRequestProblems"
      >
        <ul>
          {problems.map((problem) => (
            <li key={problem.field + problem.message}>{problem.message}</li>
          ))}
        </ul>
      </EuiCallOut>
    );
  }
  // The code blocks are not highlighted: OUI's token colours for strings and comments fail the
  // WCAG contrast ratio on its code block background (axe reports it as serious).
  const json = pageBodyJson(request, searchAfter);
  const curl = joinRequestCurl(request, origin, searchAfter);
  const tabs: Array<{ id: View; label: string }> = [
    { id: 'json', label: strings.requestJsonTab() },
    { id: 'curl', label: strings.requestCurlTab() },
  ];
  return (
    <>
      <EuiFlexGroup alignItems="center" justifyContent="spaceBetween" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiTabs size="s" {...tabListProps}>
            {tabs.map((tab) => (
              <EuiTab
                key={tab.id}
                {...tabProps(tab.id)}
                isSelected={view === tab.id}
                onClick={() => setView(tab.id)}
                data-test-subj={`federationJoinExplorerRequestTab-${tab.id}`}
              >
                {tab.label}
              </EuiTab>
            ))}
          </EuiTabs>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          {view === 'json' ? (
            <CopyButton
              text={json}
              label={strings.copyJson()}
              dataTestSubj="federationJoinExplorerCopyJson"
            />
          ) : (
            <CopyButton
              text={curl}
              label={strings.copyCurl()}
              dataTestSubj="federationJoinExplorerCopyCurl"
            />
          )}
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      <div {...panelProps}>
        {view === 'json' ? (
          <>
            <EuiText size="xs" color="subdued">
              <p>{strings.requestJsonCaption(request.parentIndex)}</p>
            </EuiText>
            <EuiCodeBlock
              fontSize="s"
              paddingSize="s"
              overflowHeight={360}
              data-test-subj="federationJoinExplorerRequestJson"
            >
              {json}
            </EuiCodeBlock>
          </>
        ) : (
          <>
            <EuiText size="xs" color="subdued">
              <p>{strings.curlNote()}</p>
            </EuiText>
            <EuiCodeBlock
              fontSize="s"
              paddingSize="s"
              overflowHeight={360}
              data-test-subj="federationJoinExplorerRequestCurl"
            >
              {curl}
            </EuiCodeBlock>
          </>
        )}
      </div>
    </>
  );
}
