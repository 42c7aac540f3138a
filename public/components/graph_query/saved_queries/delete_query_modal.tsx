import { EuiConfirmModal, EuiSpacer } from '@elastic/eui';
import { ErrorCallout } from '../../shared/error_callout';
import { strings } from './strings';

/** Asks before deleting the open query; the server's refusal shows here and the modal stays. */
export function DeleteQueryModal({
  title,
  isDeleting,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  isDeleting: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <EuiConfirmModal
      title={strings.deleteModalTitle(title)}
      onCancel={onCancel}
      onConfirm={onConfirm}
      cancelButtonText={strings.cancel}
      confirmButtonText={strings.confirmDelete}
      buttonColor="danger"
      defaultFocusedButton="cancel"
      isLoading={isDeleting}
      role="alertdialog"
      aria-modal="true"
      aria-label={strings.deleteModalTitle(title)}
      data-test-subj="federationSavedQueriesDeleteModal"
    >
      <p>{strings.deleteModalBody}</p>
      {error ? (
        <>
          <EuiSpacer size="s" />
          <ErrorCallout
            title={strings.deleteErrorTitle}
            error={error}
            dataTestSubj="federationSavedQueriesDeleteError"
          />
        </>
      ) : null}
    </EuiConfirmModal>
  );
}
