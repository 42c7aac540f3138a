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
import { useToasts } from '../../services/toasts_context';
import { ErrorCallout } from '../shared/error_callout';
import { strings } from './strings';
import { useDeleteVirtualIndex } from './use_virtual_indices';

/** Confirms a delete, saying that the concrete index created with the virtual one stays. */
export function DeleteVirtualIndexModal({ id, onClose }: { id: string; onClose: () => void }) {
  const titleId = useId();
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
    <EuiModal
      onClose={onClose}
      // OUI's EuiModal names no role: without these a screen reader hears no dialog.
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      maxWidth={560}
      data-test-subj="federationVirtualIndicesDeleteModal"
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
        <EuiSpacer size="m" />
        <EuiCallOut
          size="s"
          iconType="iInCircle"
          title={strings.deleteConcreteNote(id)}
          data-test-subj="federationVirtualIndicesDeleteConcreteNote"
        />
        {remove.isError ? (
          <>
            <EuiSpacer size="m" />
            <ErrorCallout
              title={strings.deleteFailed()}
              error={remove.error}
              dataTestSubj="federationVirtualIndicesDeleteError"
            />
          </>
        ) : null}
      </EuiModalBody>
      <EuiModalFooter>
        <EuiButtonEmpty
          onClick={onClose}
          data-test-subj="federationVirtualIndicesDeleteCancelButton"
        >
          {strings.deleteCancel()}
        </EuiButtonEmpty>
        <EuiButton
          color="danger"
          fill
          onClick={confirm}
          isLoading={remove.isPending}
          isDisabled={remove.isPending}
          data-test-subj="federationVirtualIndicesDeleteConfirmButton"
        >
          {strings.deleteConfirm()}
        </EuiButton>
      </EuiModalFooter>
    </EuiModal>
  );
}
