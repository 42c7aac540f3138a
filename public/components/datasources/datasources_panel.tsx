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
import { DatasourceFlyout } from './datasource_flyout';
import { DatasourcesEmptyPrompt } from './datasources_empty_prompt';
import { DatasourcesTable } from './datasources_table';
import { DeleteDatasourceModal } from './delete_datasource_modal';
import { strings } from './strings';
import { useDatasources } from './use_datasources';

/** Which flyout is open: creating, or editing the datasource with this id. */
type FlyoutTarget = { mode: 'create' } | { mode: 'edit'; id: string };

/** The Datasources tab: the list, the create/edit flyout and the delete confirmation. */
export function DatasourcesPanel() {
  const datasources = useDatasources();
  const [flyout, setFlyout] = useState<FlyoutTarget | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const items = useMemo(() => datasources.data ?? [], [datasources.data]);
  const existingIds = useMemo(() => new Set(items.map((d) => d.id)), [items]);
  const editing = flyout?.mode === 'edit' ? items.find((d) => d.id === flyout.id) : undefined;
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
              data-test-subj="federationDatasourcesCreateButton"
            >
              {strings.createButton()}
            </EuiButton>
          </EuiFlexItem>
        ) : null}
      </EuiFlexGroup>
      <EuiSpacer size="l" />
      {datasources.isPending ? (
        <div
          // A name needs a role: a plain div may not carry aria-label.
          role="status"
          aria-busy="true"
          aria-label={strings.loading()}
          data-test-subj="federationDatasourcesLoading"
        >
          <EuiLoadingContent lines={4} />
        </div>
      ) : datasources.isError ? (
        <>
          <ErrorCallout
            title={strings.loadError()}
            error={datasources.error}
            dataTestSubj="federationDatasourcesLoadError"
          />
          <EuiSpacer size="m" />
          <EuiButton
            iconType="refresh"
            onClick={() => void datasources.refetch()}
            isLoading={datasources.isFetching}
            data-test-subj="federationDatasourcesRetryButton"
          >
            {strings.retry()}
          </EuiButton>
        </>
      ) : items.length === 0 ? (
        <DatasourcesEmptyPrompt onCreate={create} />
      ) : (
        <DatasourcesTable
          datasources={items}
          onEdit={(id) => setFlyout({ mode: 'edit', id })}
          onDelete={setDeleting}
        />
      )}
      {flyout ? (
        <DatasourceFlyout
          // A new key per target: the form starts from that datasource's stored settings.
          key={flyout.mode === 'edit' ? `edit-${flyout.id}` : 'create'}
          datasource={editing}
          existingIds={existingIds}
          onClose={() => setFlyout(null)}
        />
      ) : null}
      {deleting ? <DeleteDatasourceModal id={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
