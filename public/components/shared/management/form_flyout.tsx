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

/**
 * The toast list's layer, OUI's `$euiZToastList`. Toasts sit in the page's bottom-right corner,
 * where a flyout's footer buttons are, and OUI puts a flyout's mask below the header (1000):
 * the toast of the last save took the clicks meant for the next flyout's "Save" until it left
 * (10 s). So the mask goes on the toasts' layer; appended to the body after the toast list, it
 * paints above it, while tooltips (also 9000, appended later still) stay above the flyout. The
 * mask starts below OSD's fixed header (OUI's `headerIsFixed` rule), which stays uncovered.
 */
const TOAST_LAYER = 9000;
const MASK_ABOVE_TOASTS = { style: `z-index: ${TOAST_LAYER}` };
/**
 * The flyout carries the layer too: OUI places a combo box's list and a popover by the z-index
 * of the fixed flyout they open from (a fixed element has no offset parent, so the mask is not
 * seen), and would put them under the mask.
 */
const FLYOUT_ABOVE_TOASTS = { zIndex: TOAST_LAYER };
/** OUI's own maximum for a medium flyout; as a number, since OUI drops `style` without one. */
const MEDIUM_MAX_WIDTH = 768;

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
      maskProps={MASK_ABOVE_TOASTS}
      style={FLYOUT_ABOVE_TOASTS}
      maxWidth={MEDIUM_MAX_WIDTH}
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
