import {
  EuiButton,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLoadingContent,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useMemo, type ReactNode } from 'react';
import { ErrorCallout } from '../error_callout';
import { ListEmptyPrompt } from './list_empty_prompt';
import { useListPanelState } from './use_list_panel_state';

/** The messages of a management list screen (each screen's `strings` has them). */
export interface ManagementListStrings {
  title: () => string;
  description: () => string;
  createButton: () => string;
  loading: () => string;
  loadError: () => string;
  retry: () => string;
  emptyTitle: () => string;
  emptyBody: () => string;
}

export interface ManagementListPanelProps<T extends { id: string }> {
  list: UseQueryResult<T[]>;
  strings: ManagementListStrings;
  /** The data-test-subj prefix of the screen, e.g. `federationDatasources`. */
  testSubjPrefix: string;
  emptyIconType: string;
  renderTable: (
    items: T[],
    onEdit: (id: string) => void,
    onDelete: (id: string) => void
  ) => ReactNode;
  renderFlyout: (
    editing: T | undefined,
    existingIds: Set<string>,
    onClose: () => void
  ) => ReactNode;
  renderDeleteModal: (id: string, onClose: () => void) => ReactNode;
}

/**
 * A tab that manages a list of items: its title, the list (loading, error with retry, empty, or
 * the table), the create/edit flyout and the delete confirmation. Each screen passes what differs.
 */
export function ManagementListPanel<T extends { id: string }>({
  list,
  strings,
  testSubjPrefix,
  emptyIconType,
  renderTable,
  renderFlyout,
  renderDeleteModal,
}: ManagementListPanelProps<T>) {
  const items = useMemo(() => list.data ?? [], [list.data]);
  const state = useListPanelState(items);

  return (
    <>
      <EuiFlexGroup alignItems="flexEnd" justifyContent="spaceBetween" responsive={false}>
        <EuiFlexItem>
          <EuiTitle size="s">
            <h2>{strings.title()}</h2>
          </EuiTitle>
          <EuiText size="s" color="subdued">
            <p>{strings.description()}</p>
          </EuiText>
        </EuiFlexItem>
        {items.length > 0 ? (
          <EuiFlexItem grow={false}>
            <EuiButton
              fill
              iconType="plusInCircle"
              onClick={state.create}
              data-test-subj={`${testSubjPrefix}CreateButton`}
            >
              {strings.createButton()}
            </EuiButton>
          </EuiFlexItem>
        ) : null}
      </EuiFlexGroup>
      <EuiSpacer size="l" />
      {list.isPending ? (
        <div
          // A name needs a role: a plain div may not carry aria-label.
          role="status"
          aria-busy="true"
          aria-label={strings.loading()}
          data-test-subj={`${testSubjPrefix}Loading`}
        >
          <EuiLoadingContent lines={4} />
        </div>
      ) : list.isError ? (
        <>
          <ErrorCallout
            title={strings.loadError()}
            error={list.error}
            dataTestSubj={`${testSubjPrefix}LoadError`}
          />
          <EuiSpacer size="m" />
          <EuiButton
            iconType="refresh"
            onClick={() => void list.refetch()}
            isLoading={list.isFetching}
            data-test-subj={`${testSubjPrefix}RetryButton`}
          >
            {strings.retry()}
          </EuiButton>
        </>
      ) : items.length === 0 ? (
        <ListEmptyPrompt
          testSubjPrefix={testSubjPrefix}
          iconType={emptyIconType}
          title={strings.emptyTitle()}
          body={strings.emptyBody()}
          createLabel={strings.createButton()}
          onCreate={state.create}
        />
      ) : (
        renderTable(items, state.edit, state.askDelete)
      )}
      {state.flyout ? (
        <Fragment key={state.flyoutKey}>
          {renderFlyout(state.editing, state.existingIds, state.closeFlyout)}
        </Fragment>
      ) : null}
      {state.deleting ? renderDeleteModal(state.deleting, state.closeDelete) : null}
    </>
  );
}
