import { ManagementListPanel } from '../shared/management/management_list_panel';
import { DatasourceFlyout } from './datasource_flyout';
import { DatasourcesTable } from './datasources_table';
import { DeleteDatasourceModal } from './delete_datasource_modal';
import { strings } from './strings';
import { useDatasources } from './use_datasources';

/** The Datasources tab: the list, the create/edit flyout and the delete confirmation. */
export function DatasourcesPanel() {
  return (
    <ManagementListPanel
      list={useDatasources()}
      strings={strings}
      testSubjPrefix="federationDatasources"
      emptyIconType="database"
      renderTable={(items, onEdit, onDelete) => (
        <DatasourcesTable datasources={items} onEdit={onEdit} onDelete={onDelete} />
      )}
      renderFlyout={(editing, existingIds, onClose) => (
        <DatasourceFlyout datasource={editing} existingIds={existingIds} onClose={onClose} />
      )}
      renderDeleteModal={(id, onClose) => <DeleteDatasourceModal id={id} onClose={onClose} />}
    />
  );
}
