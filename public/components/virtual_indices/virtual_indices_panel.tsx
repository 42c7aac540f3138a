import {
  EuiButton,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLoadingContent,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { useMemo, useState } from 'react';
import { ErrorCallout } from '../shared/error_callout';
import { DeleteVirtualIndexModal } from './delete_virtual_index_modal';
import { strings } from './strings';
import { useVirtualIndices } from './use_virtual_indices';
import { VirtualIndexFlyout } from './virtual_index_flyout';
import { VirtualIndicesEmptyPrompt } from './virtual_indices_empty_prompt';
import { VirtualIndicesTable } from './virtual_indices_table';

/** Which flyout is open: creating, or editing the virtual index with this id. */
type FlyoutTarget = { mode: 'create' } | { mode: 'edit'; id: string };

/** The Virtual indices tab: the list, the create/edit flyout and the delete confirmation. */
export function VirtualIndicesPanel() {
  const virtualIndices = useVirtualIndices();
  const [flyout, setFlyout] = useState<FlyoutTarget | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const items = useMemo(() => virtualIndices.data ?? [], [virtualIndices.data]);
  const existingIds = useMemo(() => new Set(items.map((vi) => vi.id)), [items]);
  const editing = flyout?.mode === 'edit' ? items.find((vi) => vi.id === flyout.id) : undefined;
  const create = () => setFlyout({ mode: 'create' });

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
              onClick={create}
              data-test-subj="federationVirtualIndicesCreateButton"
            >
              {strings.createButton()}
            </EuiButton>
          </EuiFlexItem>
        ) : null}
      </EuiFlexGroup>
      <EuiSpacer size="l" />
      {virtualIndices.isPending ? (
        <div
          // A name needs a role: a plain div may not carry aria-label.
          role="status"
          aria-busy="true"
          aria-label={strings.loading()}
          data-test-subj="federationVirtualIndicesLoading"
        >
          <EuiLoadingContent lines={4} />
        </div>
      ) : virtualIndices.isError ? (
        <>
          <ErrorCallout
            title={strings.loadError()}
            error={virtualIndices.error}
            dataTestSubj="federationVirtualIndicesLoadError"
          />
          <EuiSpacer size="m" />
          <EuiButton
            iconType="refresh"
            onClick={() => void virtualIndices.refetch()}
            isLoading={virtualIndices.isFetching}
            data-test-subj="federationVirtualIndicesRetryButton"
          >
            {strings.retry()}
          </EuiButton>
        </>
      ) : items.length === 0 ? (
        <VirtualIndicesEmptyPrompt onCreate={create} />
      ) : (
        <VirtualIndicesTable
          virtualIndices={items}
          onEdit={(id) => setFlyout({ mode: 'edit', id })}
          onDelete={setDeleting}
        />
      )}
      {flyout ? (
        <VirtualIndexFlyout
          // A new key per target: the form starts from that definition.
          key={flyout.mode === 'edit' ? `edit-${flyout.id}` : 'create'}
          virtualIndex={editing}
          existingIds={existingIds}
          onClose={() => setFlyout(null)}
        />
      ) : null}
      {deleting ? (
        <DeleteVirtualIndexModal id={deleting} onClose={() => setDeleting(null)} />
      ) : null}
    </>
  );
}
