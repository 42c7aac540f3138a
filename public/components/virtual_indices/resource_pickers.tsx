import {
  EuiComboBox,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiLoadingContent,
  EuiSelect,
  EuiSpacer,
  EuiText,
  type EuiComboBoxOptionOption,
} from '@elastic/eui';
import { useId } from 'react';
import type { ResourceRef } from '../../services/api/datasources_api';
import { ErrorCallout } from '../shared/error_callout';
import { useComboBoxFocusRing } from '../shared/management/use_combo_box_focus_ring';
import { strings } from './strings';
import { useDatasourceMetadata } from './use_virtual_indices';
import {
  catalogsOf,
  qualifiedName,
  resourceKey,
  resourcesMatching,
  schemasOf,
} from './virtual_index_form';

export interface ResourcePickersProps {
  datasource: string;
  catalog: string;
  schema: string;
  resource: ResourceRef | null;
  onCatalog: (catalog: string) => void;
  onSchema: (schema: string) => void;
  onResource: (resource: ResourceRef | null) => void;
  error?: string;
}

/**
 * Catalog and schema narrow the list of tables and views the connection sees (`_metadata`);
 * the chosen resource keeps its own catalog and schema, so the index names it exactly.
 */
export function ResourcePickers({
  datasource,
  catalog,
  schema,
  resource,
  onCatalog,
  onSchema,
  onResource,
  error,
}: ResourcePickersProps) {
  const metadata = useDatasourceMetadata(datasource);
  const filterHelpId = useId();
  const focusRing = useComboBoxFocusRing();

  if (metadata.isPending) {
    return (
      <div aria-busy="true" data-test-subj="federationVirtualIndicesMetadataLoading">
        <EuiText size="s" color="subdued">
          <p>{strings.metadataLoading()}</p>
        </EuiText>
        <EuiLoadingContent lines={2} />
      </div>
    );
  }
  if (metadata.isError) {
    return (
      <ErrorCallout
        title={strings.metadataError()}
        error={metadata.error}
        dataTestSubj="federationVirtualIndicesMetadataError"
      />
    );
  }

  const catalogs = catalogsOf(metadata.data);
  const schemas = schemasOf(metadata.data, catalog);
  const resources = resourcesMatching(metadata.data, catalog, schema);
  const options: Array<EuiComboBoxOptionOption<ResourceRef>> = resources.map((r) => ({
    key: resourceKey(r),
    label: qualifiedName(r),
    value: { name: r.name, catalog: r.catalog, schema: r.schema },
    append: (
      <EuiText size="xs" color="subdued">
        {r.kind === 'view' ? strings.viewKind() : strings.tableKind()}
      </EuiText>
    ),
  }));
  const selected = resource
    ? [{ key: resourceKey(resource), label: qualifiedName(resource), value: resource }]
    : [];

  return (
    <>
      {catalogs.length > 0 || schemas.length > 0 ? (
        <EuiFlexGroup gutterSize="m">
          {catalogs.length > 0 ? (
            <EuiFlexItem>
              <EuiFormRow label={strings.catalogLabel()}>
                <EuiSelect
                  aria-describedby={filterHelpId}
                  options={[
                    { value: '', text: strings.anyCatalog() },
                    ...catalogs.map((c) => ({ value: c, text: c })),
                  ]}
                  value={catalog}
                  onChange={(event) => onCatalog(event.target.value)}
                  data-test-subj="federationVirtualIndicesCatalogField"
                />
              </EuiFormRow>
            </EuiFlexItem>
          ) : null}
          {schemas.length > 0 ? (
            <EuiFlexItem>
              <EuiFormRow label={strings.schemaLabel()}>
                <EuiSelect
                  aria-describedby={filterHelpId}
                  options={[
                    { value: '', text: strings.anySchema() },
                    ...schemas.map((s) => ({ value: s, text: s })),
                  ]}
                  value={schema}
                  onChange={(event) => onSchema(event.target.value)}
                  data-test-subj="federationVirtualIndicesSchemaField"
                />
              </EuiFormRow>
            </EuiFlexItem>
          ) : null}
        </EuiFlexGroup>
      ) : null}
      {catalogs.length > 0 || schemas.length > 0 ? (
        <>
          {/* Under both filters, as it speaks of both; a form row after a flex group gets no
              top margin of its own, hence the spacer. */}
          <EuiSpacer size="xs" />
          <EuiText size="xs" color="subdued">
            <p id={filterHelpId}>{strings.filterHelp()}</p>
          </EuiText>
          <EuiSpacer size="m" />
        </>
      ) : null}
      <EuiFormRow
        label={strings.resourceLabel()}
        helpText={
          resources.length > 0 ? strings.resourceHelp(resources.length) : strings.noResources()
        }
        isInvalid={error !== undefined}
        error={error}
        fullWidth
      >
        <EuiComboBox<ResourceRef>
          {...focusRing}
          aria-label={strings.resourceLabel()}
          placeholder={strings.resourcePlaceholder()}
          singleSelection={{ asPlainText: true }}
          options={options}
          selectedOptions={selected}
          onChange={(chosen) => onResource(chosen[0]?.value ?? null)}
          isInvalid={error !== undefined}
          fullWidth
          data-test-subj="federationVirtualIndicesResourceField"
        />
      </EuiFormRow>
    </>
  );
}
