import { ManagementListPanel } from '../shared/management/management_list_panel';
import { DeleteVirtualIndexModal } from './delete_virtual_index_modal';
import { strings } from './strings';
import { useVirtualIndices } from './use_virtual_indices';
import { VirtualIndexFlyout } from './virtual_index_flyout';
import { VirtualIndicesTable } from './virtual_indices_table';

/** The Virtual indices tab: the list, the create/edit flyout and the delete confirmation. */
export function VirtualIndicesPanel() {
  return (
    <ManagementListPanel
      list={useVirtualIndices()}
      strings={strings}
      testSubjPrefix="federationVirtualIndices"
      emptyIconType="indexPatternApp"
      renderTable={(items, onEdit, onDelete) => (
        <VirtualIndicesTable virtualIndices={items} onEdit={onEdit} onDelete={onDelete} />
      )}
      renderFlyout={(editing, existingIds, onClose) => (
        <VirtualIndexFlyout virtualIndex={editing} existingIds={existingIds} onClose={onClose} />
      )}
      renderDeleteModal={(id, onClose) => <DeleteVirtualIndexModal id={id} onClose={onClose} />}
    />
  );
}
