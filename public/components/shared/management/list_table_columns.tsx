import {
  EuiButtonIcon,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLink,
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

/** The last column: an edit and a delete button per row, each named for screen readers. */
export function editDeleteActionsColumn<Row extends { id: string }>({
  name,
  testSubjPrefix,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  name: string;
  testSubjPrefix: string;
  editLabel: (id: string) => string;
  deleteLabel: (id: string) => string;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
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
          <EuiButtonIcon
            iconType="trash"
            color="danger"
            aria-label={deleteLabel(row.id)}
            title={deleteLabel(row.id)}
            onClick={() => onDelete(row.id)}
            data-test-subj={`${testSubjPrefix}DeleteButton-${row.id}`}
          />
        </EuiFlexItem>
      </EuiFlexGroup>
    ),
  };
}
