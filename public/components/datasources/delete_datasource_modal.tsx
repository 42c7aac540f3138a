import {
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiModal,
  EuiModalBody,
  EuiModalFooter,
  EuiModalHeader,
  EuiModalHeaderTitle,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import { useId } from 'react';
import { errorDetails } from '../../services/error_reason';
import { useServices } from '../../services/services_context';
import { useToasts } from '../../services/toasts_context';
import { ErrorCallout } from '../shared/error_callout';
import { useVirtualIndices } from '../virtual_indices/use_virtual_indices';
import { strings } from './strings';
import { useDeleteDatasource } from './use_datasources';

export interface DeleteDatasourceModalProps {
  id: string;
  onClose: () => void;
}

/**
 * Confirms a delete, and explains a refusal because virtual indices still use the datasource.
 * Their list names them before the user confirms; the server has the last word, refusing with
 * a 409 whose reason names them too, and the list is then read again.
 */
export function DeleteDatasourceModal({ id, onClose }: DeleteDatasourceModalProps) {
  const titleId = useId();
  const remove = useDeleteDatasource();
  const { history } = useServices();
  const toasts = useToasts();
  const virtualIndices = useVirtualIndices();
  const usedBy = (virtualIndices.data ?? [])
    .filter((vi) => vi.datasource === id)
    .map((vi) => vi.id);
  const inUse = remove.isError && errorDetails(remove.error).status === 409;
  const blocked = usedBy.length > 0 || inUse;

  const confirm = () =>
    remove.mutate(id, {
      onSuccess: () => {
        toasts.success({ title: strings.deletedToast(id) });
        onClose();
      },
      onError: (error) => {
        if (errorDetails(error).status === 409) void virtualIndices.refetch();
      },
    });

  return (
    <EuiModal
      onClose={onClose}
      // OUI's EuiModal names no role: without these a screen reader hears no dialog.
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      maxWidth={560}
      data-test-subj="federationDatasourcesDeleteModal"
    >
      <EuiModalHeader>
        <EuiModalHeaderTitle>
          <h1 id={titleId}>{strings.deleteTitle(id)}</h1>
        </EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>
        <EuiText size="s">
          <p>{strings.deleteBody()}</p>
        </EuiText>
        {blocked ? (
          <>
            <EuiSpacer size="m" />
            <EuiCallOut
              title={strings.deleteUsedByTitle()}
              color="warning"
              iconType="alert"
              role="alert"
              data-test-subj="federationDatasourcesDeleteInUse"
            >
              {inUse ? <p>{errorDetails(remove.error).reason}</p> : null}
              {usedBy.length > 0 ? (
                <>
                  <p>{strings.deleteUsedByBody()}</p>
                  <ul>
                    {usedBy.map((index) => (
                      <li key={index}>
                        <code>{index}</code>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              <EuiButton
                size="s"
                onClick={() => history.push('/virtual-indices')}
                data-test-subj="federationDatasourcesOpenVirtualIndices"
              >
                {strings.openVirtualIndices()}
              </EuiButton>
            </EuiCallOut>
          </>
        ) : null}
        {remove.isError && !inUse ? (
          <>
            <EuiSpacer size="m" />
            <ErrorCallout
              title={strings.deleteFailed()}
              error={remove.error}
              dataTestSubj="federationDatasourcesDeleteError"
            />
          </>
        ) : null}
      </EuiModalBody>
      <EuiModalFooter>
        <EuiButtonEmpty onClick={onClose} data-test-subj="federationDatasourcesDeleteCancelButton">
          {blocked ? strings.close() : strings.deleteCancel()}
        </EuiButtonEmpty>
        <EuiButton
          color="danger"
          fill
          onClick={confirm}
          isLoading={remove.isPending}
          isDisabled={remove.isPending}
          data-test-subj="federationDatasourcesDeleteConfirmButton"
        >
          {strings.deleteConfirm()}
        </EuiButton>
      </EuiModalFooter>
    </EuiModal>
  );
}
