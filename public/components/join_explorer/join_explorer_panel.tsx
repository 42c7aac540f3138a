import {
  EuiButton,
  EuiFlexGroup,
  EuiFlexItem,
  EuiForm,
  EuiHorizontalRule,
  EuiPanel,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { useMemo, useReducer, type FormEvent } from 'react';
import { useServices } from '../../services/services_context';
import { ErrorCallout } from '../shared/error_callout';
import { buildJoinRequest, type JoinFormField } from './build_join_request';
import { ChildIndexPicker, ParentIndexPicker, VirtualChildNote } from './index_pickers';
import { INITIAL_JOIN_FORM, joinFormReducer } from './join_form';
import { JoinFieldSelector } from './join_field_selector';
import { JoinResults } from './join_results';
import { QueryEditorSection } from './query_editor_section';
import { RequestView } from './request_view';
import { ResultOptions } from './result_options';
import { strings } from './strings';
import { useJoinPages } from './use_join_pages';
import { useIndexFields, useJoinSources } from './use_join_sources';

/**
 * A section of the screen. The app's page title is the h1 and the tab panel has no heading of
 * its own, so the screen's sections are h2 (an h3 straight under the h1 skips a level: axe
 * `heading-order`).
 */
function SectionTitle({ children }: { children: string }) {
  return (
    <EuiTitle size="xs">
      <h2>{children}</h2>
    </EuiTitle>
  );
}

/**
 * The join explorer: build a join (docs/api/interface.md §2.6) from pickers over the cluster's indices and virtual
 * indices, see it as JSON and curl, run it with a point in time and page it with `search_after`.
 */
export function JoinExplorerPanel() {
  const { http } = useServices();
  const [form, dispatch] = useReducer(joinFormReducer, INITIAL_JOIN_FORM);
  const { sources, isLoading: sourcesLoading, indicesError, virtualError } = useJoinSources();
  const parent = useIndexFields(form.parentIndex || undefined);
  const child = useIndexFields(form.child?.name);

  const built = useMemo(() => buildJoinRequest(form), [form]);
  const request = built.ok ? built.request : null;
  const problemOf = (field: JoinFormField) =>
    built.ok ? undefined : built.problems.find((p) => p.field === field)?.message;
  const pages = useJoinPages(request);
  const { state } = pages;
  const running = state.status === 'opening' || state.status === 'loading';

  const childVirtual = form.child?.virtual ?? false;
  const virtualDefinition = childVirtual
    ? sources.virtualIndices.find((v) => v.id === form.child?.name)
    : undefined;

  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    if (request !== null) pages.run();
  };

  return (
    <div data-test-subj="federationJoinExplorer">
      <EuiText size="s" color="subdued">
        <p>{strings.description()}</p>
      </EuiText>
      <EuiSpacer size="m" />
      <EuiPanel paddingSize="m" hasBorder>
        <EuiForm component="form" onSubmit={onSubmit} aria-label={strings.title()}>
          {indicesError ? (
            <ErrorCallout
              title={strings.indexListError()}
              error={indicesError}
              dataTestSubj="federationJoinExplorerIndexListError"
            />
          ) : null}
          {virtualError ? (
            <ErrorCallout
              title={strings.virtualListError()}
              error={virtualError}
              dataTestSubj="federationJoinExplorerVirtualListError"
            />
          ) : null}
          <EuiFlexGroup gutterSize="m" wrap>
            <EuiFlexItem>
              <ParentIndexPicker
                value={form.parentIndex}
                onChange={(value) => dispatch({ type: 'parentIndex', value })}
                sources={sources}
                isLoading={sourcesLoading}
              />
            </EuiFlexItem>
            <EuiFlexItem>
              <ChildIndexPicker
                value={form.child}
                onChange={(value) => dispatch({ type: 'child', value })}
                sources={sources}
                isLoading={sourcesLoading}
              />
            </EuiFlexItem>
          </EuiFlexGroup>
          {childVirtual && form.child ? (
            <>
              <EuiSpacer size="s" />
              <VirtualChildNote id={form.child.name} definition={virtualDefinition} />
            </>
          ) : null}

          <EuiHorizontalRule margin="m" />
          <SectionTitle>{strings.joinFieldsTitle()}</SectionTitle>
          <JoinFieldSelector
            parent={{ index: form.parentIndex, ...parent }}
            child={{ index: form.child?.name ?? '', ...child }}
            childVirtual={childVirtual}
            parentField={form.parentField}
            childField={form.childField}
            onChange={(parentField, childField) =>
              dispatch({ type: 'joinFields', parentField, childField })
            }
          />

          <EuiHorizontalRule margin="m" />
          <QueryEditorSection
            childQuery={form.childQuery}
            onChildQueryChange={(childQuery) => dispatch({ type: 'set', patch: { childQuery } })}
            parentQueryEnabled={form.parentQueryEnabled}
            onParentQueryEnabledChange={(parentQueryEnabled) =>
              dispatch({ type: 'set', patch: { parentQueryEnabled } })
            }
            parentQuery={form.parentQuery}
            onParentQueryChange={(parentQuery) => dispatch({ type: 'set', patch: { parentQuery } })}
            onSubmit={onSubmit}
            child={{ index: form.child?.name ?? '', fields: child.fields }}
            parent={{ index: form.parentIndex, fields: parent.fields }}
          />

          <EuiHorizontalRule margin="m" />
          <SectionTitle>{strings.resultOptionsTitle()}</SectionTitle>
          <ResultOptions
            value={form}
            onChange={(patch) => dispatch({ type: 'set', patch })}
            parentFields={parent.fields}
            childFields={child.fields}
            problems={{
              projectedFields: problemOf('projectedFields'),
              pageSize: problemOf('pageSize'),
            }}
          />
          <EuiSpacer size="m" />
          <EuiButton
            type="submit"
            fill
            iconType="play"
            isDisabled={request === null}
            isLoading={running}
            data-test-subj="federationJoinExplorerRunButton"
          >
            {running ? strings.runningButton() : strings.runButton()}
          </EuiButton>
        </EuiForm>
      </EuiPanel>

      <EuiSpacer size="m" />
      <EuiPanel paddingSize="m" hasBorder data-test-subj="federationJoinExplorerResults">
        {/* The columns of the request the results answer, not of a form edited since. */}
        <JoinResults
          pages={pages}
          parentColumns={state.request?.body._source ?? []}
          projectedFields={state.request?.projectedFields ?? []}
        />
      </EuiPanel>
      <EuiSpacer size="m" />
      <EuiPanel paddingSize="m" hasBorder data-test-subj="federationJoinExplorerRequest">
        <SectionTitle>{strings.requestTitle()}</SectionTitle>
        <EuiSpacer size="s" />
        <RequestView
          request={request}
          problems={built.ok ? [] : built.problems}
          // The page shown, when it belongs to this request: its exact search_after.
          searchAfter={
            request !== null && !state.stale && state.request !== null
              ? state.afters[state.pageIndex]
              : undefined
          }
          // Inside OSD the routes sit under its base path (`server.basePath`).
          origin={window.location.origin + (http.basePath?.get() ?? '')}
        />
      </EuiPanel>
    </div>
  );
}
