import { EuiButtonIcon, EuiFlexItem, EuiFormRow } from '@elastic/eui';

/** The trash button ending an entity or relation row, aligned with the row's labelled fields. */
export function RemoveRowButton({
  ariaLabel,
  onRemove,
  dataTestSubj,
}: {
  ariaLabel: string;
  onRemove: () => void;
  dataTestSubj: string;
}) {
  return (
    <EuiFlexItem grow={false}>
      <EuiFormRow hasEmptyLabelSpace>
        <EuiButtonIcon
          iconType="trash"
          color="danger"
          aria-label={ariaLabel}
          onClick={onRemove}
          data-test-subj={dataTestSubj}
        />
      </EuiFormRow>
    </EuiFlexItem>
  );
}
