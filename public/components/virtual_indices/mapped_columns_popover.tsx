import {
  EuiBadge,
  EuiBasicTable,
  EuiButtonEmpty,
  EuiPopover,
  EuiPopoverTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useState } from 'react';
import type { VirtualIndexColumn } from '../../../common/catalog_types';
import { strings } from './strings';

/** The number of mapped columns; opens a list of them with their remote and field types. */
export function MappedColumnsPopover({
  id,
  columns,
  keyColumn,
}: {
  id: string;
  columns: VirtualIndexColumn[];
  keyColumn?: string;
}) {
  const [open, setOpen] = useState(false);
  const tableColumns: Array<EuiBasicTableColumn<VirtualIndexColumn>> = [
    {
      field: 'name',
      name: strings.fieldName(),
      render: (name: string) => (
        <span>
          <code>{name}</code>{' '}
          {name === keyColumn ? <EuiBadge color="primary">{strings.keyBadge()}</EuiBadge> : null}
        </span>
      ),
    },
    { field: 'remote_type', name: strings.remoteType() },
    {
      field: 'type',
      name: strings.fieldType(),
      render: (type: string) => <EuiBadge color="hollow">{type}</EuiBadge>,
    },
  ];
  return (
    <EuiPopover
      isOpen={open}
      closePopover={() => setOpen(false)}
      anchorPosition="downLeft"
      panelPaddingSize="s"
      panelStyle={{ maxWidth: 560 }}
      button={
        <EuiButtonEmpty
          size="xs"
          iconType="list"
          onClick={() => setOpen((was) => !was)}
          title={strings.columnsButtonLabel(id)}
          aria-expanded={open}
          data-test-subj={`federationVirtualIndicesColumnsButton-${id}`}
        >
          {strings.columnsButton(columns.length)}
        </EuiButtonEmpty>
      }
    >
      <EuiPopoverTitle>{strings.columnsPopoverTitle(id)}</EuiPopoverTitle>
      <div
        style={{ maxHeight: 320, overflowY: 'auto', width: 520, maxWidth: '100%' }}
        data-test-subj={`federationVirtualIndicesColumnsPopover-${id}`}
      >
        <EuiBasicTable
          items={columns}
          itemId="name"
          columns={tableColumns}
          tableCaption={strings.columnsPopoverTitle(id)}
          compressed
        />
      </div>
    </EuiPopover>
  );
}
