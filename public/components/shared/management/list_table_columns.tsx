import {
  EuiButtonIcon,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLink,
  EuiToolTip,
  type EuiBasicTableColumn,
} from '@elastic/eui';

/** The id column: sortable, the id a link that opens the edit flyout. */
export function idLinkColumn<Row extends { id: string }>({
  name,
  testSubjPrefix,
  onEdit,
}: {
  name: string;
  testSubjPrefix: string;
  onEdit: (id: string) => void;
}): EuiBasicTableColumn<Row> {
  return {
    field: 'id',
    name,
    sortable: true,
    render: (id: string) => (
      <EuiLink onClick={() => onEdit(id)} data-test-subj={`${testSubjPrefix}EditLink-${id}`}>
        {id}
      </EuiLink>
    ),
  };
}

/**
 * The last column: an edit and a delete button per row, each named for screen readers. A row
 * that cannot be deleted now (`deleteBlockedReason`) shows its delete button disabled, with the
 * reason as its tooltip and description.
 */
export function editDeleteActionsColumn<Row extends { id: string }>({
  name,
  testSubjPrefix,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  deleteBlockedReason,
}: {
  name: string;
  testSubjPrefix: string;
  editLabel: (id: string) => string;
  deleteLabel: (id: string) => string;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
  deleteBlockedReason?: (row: Row) => string | null;
}): EuiBasicTableColumn<Row> {
  return {
    name,
    width: '96px',
    render: (row: Row) => (
      <EuiFlexGroup gutterSize="s" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiButtonIcon
            iconType="pencil"
            aria-label={editLabel(row.id)}
            title={editLabel(row.id)}
            onClick={() => onEdit(row.id)}
            data-test-subj={`${testSubjPrefix}EditButton-${row.id}`}
          />
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <DeleteButton
            label={deleteLabel(row.id)}
            blockedReason={deleteBlockedReason?.(row) ?? null}
            onDelete={() => onDelete(row.id)}
            testSubj={`${testSubjPrefix}DeleteButton-${row.id}`}
          />
        </EuiFlexItem>
      </EuiFlexGroup>
    ),
  };
}

function DeleteButton({
  label,
  blockedReason,
  onDelete,
  testSubj,
}: {
  label: string;
  blockedReason: string | null;
  onDelete: () => void;
  testSubj: string;
}) {
  if (blockedReason === null) {
    return (
      <EuiButtonIcon
        iconType="trash"
        color="danger"
        aria-label={label}
        title={label}
        onClick={onDelete}
        data-test-subj={testSubj}
      />
    );
  }
  // Disabled in look and for assistive technology (`aria-disabled`), yet still focusable (no
  // `disabled` attribute): a disabled button takes neither focus nor hover in every browser, so
  // its tooltip, the only place that says why, would be out of reach.
  return (
    <EuiToolTip content={blockedReason}>
      <EuiButtonIcon
        iconType="trash"
        color="danger"
        isDisabled
        disabled={false}
        aria-disabled
        aria-label={label}
        onClick={() => undefined}
        data-test-subj={testSubj}
      />
    </EuiToolTip>
  );
}
