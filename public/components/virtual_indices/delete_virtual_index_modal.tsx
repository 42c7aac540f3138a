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
import { ErrorCallout } from '../shared/error_callout';
import { strings } from './strings';
import { useDeleteVirtualIndex } from './use_virtual_indices';

/** Confirms a delete, saying that the concrete index created with the virtual one stays. */
export function DeleteVirtualIndexModal({ id, onClose }: { id: string; onClose: () => void }) {
  const titleId = useId();
  const remove = useDeleteVirtualIndex();
  return (
    <EuiModal
      onClose={onClose}
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
          onClick={() => remove.mutate(id, { onSuccess: onClose })}
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
