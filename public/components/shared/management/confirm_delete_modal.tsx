import {
  EuiButton,
  EuiButtonEmpty,
  EuiModal,
  EuiModalBody,
  EuiModalFooter,
  EuiModalHeader,
  EuiModalHeaderTitle,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import { useId, type ReactNode } from 'react';
import { ErrorCallout } from '../error_callout';

export interface ConfirmDeleteModalProps {
  /** The data-test-subj prefix of the screen, e.g. `federationDatasources`. */
  testSubjPrefix: string;
  title: string;
  body: string;
  /** What the screen adds under the body (a note, a warning). */
  children?: ReactNode;
  /** The failed delete, shown with the server's reason. */
  deleteError: { title: string; error: unknown } | null;
  cancelLabel: string;
  confirmLabel: string;
  isDeleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before deleting an item, and shows why the server refused when it does. */
export function ConfirmDeleteModal({
  testSubjPrefix,
  title,
  body,
  children,
  deleteError,
  cancelLabel,
  confirmLabel,
  isDeleting,
  onConfirm,
  onClose,
}: ConfirmDeleteModalProps) {
  const titleId = useId();
  return (
    <EuiModal
      onClose={onClose}
      // OUI's EuiModal names no role: without these a screen reader hears no dialog.
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      maxWidth={560}
      data-test-subj={`${testSubjPrefix}DeleteModal`}
    >
      <EuiModalHeader>
        <EuiModalHeaderTitle>
          <h1 id={titleId}>{title}</h1>
        </EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>
        <EuiText size="s">
          <p>{body}</p>
        </EuiText>
        {children}
        {deleteError ? (
          <>
            <EuiSpacer size="m" />
            <ErrorCallout
              title={deleteError.title}
              error={deleteError.error}
              dataTestSubj={`${testSubjPrefix}DeleteError`}
            />
          </>
        ) : null}
      </EuiModalBody>
      <EuiModalFooter>
        <EuiButtonEmpty onClick={onClose} data-test-subj={`${testSubjPrefix}DeleteCancelButton`}>
          {cancelLabel}
        </EuiButtonEmpty>
        <EuiButton
          color="danger"
          fill
          onClick={onConfirm}
          isLoading={isDeleting}
          isDisabled={isDeleting}
          data-test-subj={`${testSubjPrefix}DeleteConfirmButton`}
        >
          {confirmLabel}
        </EuiButton>
      </EuiModalFooter>
    </EuiModal>
  );
}
