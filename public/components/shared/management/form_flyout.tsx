import {
  EuiButton,
  EuiButtonEmpty,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFlyout,
  EuiFlyoutBody,
  EuiFlyoutFooter,
  EuiFlyoutHeader,
  EuiForm,
  EuiSpacer,
  EuiTitle,
} from '@elastic/eui';
import { useId, type ReactNode } from 'react';
import { ErrorCallout } from '../error_callout';

export interface FormFlyoutProps {
  /** The data-test-subj prefix of the screen, e.g. `federationDatasources`. */
  testSubjPrefix: string;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  /** A refusal of the server that no field explains, shown above the form. */
  saveError: { title: string; error: unknown } | null;
  /** The form's fields. */
  children: ReactNode;
  /** What follows the form in the body. */
  afterForm?: ReactNode;
  cancelLabel: string;
  saveLabel: string;
  isSaving: boolean;
  saveDisabled: boolean;
  /** Footer buttons between cancel (left) and save (right). */
  extraActions?: ReactNode;
}

/** The frame of a create/edit flyout: title, save error, the form, and cancel/save below it. */
export function FormFlyout({
  testSubjPrefix,
  title,
  onClose,
  onSubmit,
  saveError,
  children,
  afterForm,
  cancelLabel,
  saveLabel,
  isSaving,
  saveDisabled,
  extraActions,
}: FormFlyoutProps) {
  const titleId = useId();
  const formId = useId();
  return (
    <EuiFlyout
      ownFocus
      // OUI gives flyouts role="dialog"; with ownFocus they are modal, and should say so.
      aria-modal="true"
      onClose={onClose}
      size="m"
      aria-labelledby={titleId}
      data-test-subj={`${testSubjPrefix}Flyout`}
    >
      <EuiFlyoutHeader hasBorder>
        <EuiTitle size="m">
          <h2 id={titleId} data-test-subj={`${testSubjPrefix}FlyoutTitle`}>
            {title}
          </h2>
        </EuiTitle>
      </EuiFlyoutHeader>
      <EuiFlyoutBody>
        {saveError ? (
          <>
            <ErrorCallout
              title={saveError.title}
              error={saveError.error}
              dataTestSubj={`${testSubjPrefix}SaveError`}
            />
            <EuiSpacer size="m" />
          </>
        ) : null}
        <EuiForm
          component="form"
          id={formId}
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
        </EuiForm>
        {afterForm}
      </EuiFlyoutBody>
      <EuiFlyoutFooter>
        <EuiFlexGroup gutterSize="s" responsive={false}>
          <EuiFlexItem grow={false}>
            <EuiButtonEmpty
              onClick={onClose}
              flush="left"
              data-test-subj={`${testSubjPrefix}CancelButton`}
            >
              {cancelLabel}
            </EuiButtonEmpty>
          </EuiFlexItem>
          <EuiFlexItem />
          {extraActions}
          <EuiFlexItem grow={false}>
            <EuiButton
              type="submit"
              form={formId}
              fill
              isLoading={isSaving}
              isDisabled={saveDisabled}
              data-test-subj={`${testSubjPrefix}SaveButton`}
            >
              {saveLabel}
            </EuiButton>
          </EuiFlexItem>
        </EuiFlexGroup>
      </EuiFlyoutFooter>
    </EuiFlyout>
  );
}
