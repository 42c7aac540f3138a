import { EuiCallOut, EuiSpacer } from '@elastic/eui';
import { useToasts } from '../../services/toasts_context';
import { ConfirmDeleteModal } from '../shared/management/confirm_delete_modal';
import { strings } from './strings';
import { useDeleteVirtualIndex } from './use_virtual_indices';

/** Confirms a delete, saying that the concrete index created with the virtual one stays. */
export function DeleteVirtualIndexModal({ id, onClose }: { id: string; onClose: () => void }) {
  const remove = useDeleteVirtualIndex();
  const toasts = useToasts();
  const confirm = () =>
    remove.mutate(id, {
      onSuccess: () => {
        toasts.success({ title: strings.deletedToast(id), text: strings.deletedToastText(id) });
        onClose();
      },
    });
  return (
    <ConfirmDeleteModal
      testSubjPrefix="federationVirtualIndices"
      title={strings.deleteTitle(id)}
      body={strings.deleteBody()}
      deleteError={remove.isError ? { title: strings.deleteFailed(), error: remove.error } : null}
      cancelLabel={strings.deleteCancel()}
      confirmLabel={strings.deleteConfirm()}
      isDeleting={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <EuiSpacer size="m" />
      <EuiCallOut
        size="s"
        iconType="iInCircle"
        title={strings.deleteConcreteNote(id)}
        data-test-subj="federationVirtualIndicesDeleteConcreteNote"
      />
    </ConfirmDeleteModal>
  );
}
