import { EuiButton, EuiCallOut, EuiSpacer } from '@elastic/eui';
import { errorDetails } from '../../services/error_reason';
import { useServices } from '../../services/services_context';
import { useToasts } from '../../services/toasts_context';
import { ConfirmDeleteModal } from '../shared/management/confirm_delete_modal';
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
    <ConfirmDeleteModal
      testSubjPrefix="federationDatasources"
      title={strings.deleteTitle(id)}
      body={strings.deleteBody()}
      deleteError={
        remove.isError && !inUse ? { title: strings.deleteFailed(), error: remove.error } : null
      }
      cancelLabel={blocked ? strings.close() : strings.deleteCancel()}
      confirmLabel={strings.deleteConfirm()}
      isDeleting={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
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
    </ConfirmDeleteModal>
  );
}
