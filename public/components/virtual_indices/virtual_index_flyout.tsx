import { EuiLoadingContent, EuiSpacer, EuiSteps, EuiText } from '@elastic/eui';
import { useState } from 'react';
import type { ResourceRef } from '../../services/api/datasources_api';
import type { VirtualIndexSummary } from '../../services/api/virtual_indices_api';
import { errorDetails } from '../../services/error_reason';
import { useToasts } from '../../services/toasts_context';
import { ErrorCallout } from '../shared/error_callout';
import { FormFlyout } from '../shared/management/form_flyout';
import { DatasourcePicker } from './datasource_picker';
import { IndexNameField } from './index_name_field';
import { KeyPicker } from './key_picker';
import { MappingPreview } from './mapping_preview';
import { ResourcePickers } from './resource_pickers';
import { virtualIndexFieldOf, type VirtualIndexField } from './server_field_errors';
import { strings } from './strings';
import { useResourceColumns, useSaveVirtualIndex } from './use_virtual_indices';
import {
  qualifiedName,
  splitColumns,
  suggestedIndexId,
  suggestedKey,
  toVirtualIndexBody,
} from './virtual_index_form';
import { virtualIndexIdProblem } from './virtual_index_id';

export interface VirtualIndexFlyoutProps {
  /** The virtual index to edit; absent to create one. */
  virtualIndex?: VirtualIndexSummary;
  /** Names already taken, so that creating never silently replaces a virtual index. */
  existingIds: ReadonlySet<string>;
  onClose: () => void;
}

/**
 * Create or edit a virtual index in four steps: the datasource, the table or view (from the
 * datasource's `_metadata`), the mapping with its key, and the index name.
 */
export function VirtualIndexFlyout({
  virtualIndex,
  existingIds,
  onClose,
}: VirtualIndexFlyoutProps) {
  const editing = virtualIndex !== undefined;
  const [datasource, setDatasource] = useState(virtualIndex?.datasource ?? '');
  const [catalog, setCatalog] = useState('');
  const [schema, setSchema] = useState('');
  const [resource, setResource] = useState<ResourceRef | null>(
    virtualIndex
      ? { name: virtualIndex.resource, catalog: virtualIndex.catalog, schema: virtualIndex.schema }
      : null
  );
  // null: not chosen by the user, so the suggestion (which follows the resource) applies.
  const [keyChoice, setKeyChoice] = useState<string | null>(
    virtualIndex ? (virtualIndex.key ?? '') : null
  );
  const [typedId, setTypedId] = useState<string | null>(virtualIndex?.id ?? null);
  const [serverError, setServerError] = useState<unknown>(null);
  const columns = useResourceColumns(datasource || null, resource);
  const save = useSaveVirtualIndex();
  const toasts = useToasts();

  const remoteColumns = columns.data?.columns ?? [];
  const key = keyChoice ?? suggestedKey(remoteColumns);
  const id = typedId ?? (resource ? suggestedIndexId(resource.name) : '');
  const mappedCount = splitColumns(remoteColumns).mapped.length;

  const serverField = serverError ? virtualIndexFieldOf(serverError) : null;
  const errors: Partial<Record<VirtualIndexField, string>> = {};
  const idProblem = id ? virtualIndexIdProblem(id) : null;
  if (!editing && existingIds.has(id)) errors.id = strings.idTaken(id);
  else if (idProblem) errors.id = idProblem;
  if (serverField) errors[serverField] = errorDetails(serverError).reason;

  const ready =
    datasource !== '' &&
    resource !== null &&
    columns.isSuccess &&
    mappedCount > 0 &&
    id !== '' &&
    errors.id === undefined;

  /** Every change makes the last refusal stale. */
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setServerError(null);
      set(value);
    };
  const chooseDatasource = changed((value: string) => {
    setDatasource(value);
    setCatalog('');
    setSchema('');
    setResource(null);
    setKeyChoice(null);
  });
  const chooseResource = changed((value: ResourceRef | null) => {
    setResource(value);
    setKeyChoice(null);
  });

  const onSave = async () => {
    if (!ready || save.isPending || resource === null) return;
    setServerError(null);
    try {
      await save.mutateAsync({ id, body: toVirtualIndexBody(datasource, resource, key) });
    } catch (error) {
      setServerError(error);
      return;
    }
    toasts.success({ title: editing ? strings.savedToast(id) : strings.createdToast(id) });
    onClose();
  };

  const mappingStep = () => {
    if (resource === null) return <Pending text={strings.afterResource()} />;
    if (columns.isPending) {
      return (
        <div aria-busy="true" data-test-subj="federationVirtualIndicesColumnsLoading">
          <EuiText size="s" color="subdued">
            <p>{strings.columnsLoading()}</p>
          </EuiText>
          <EuiLoadingContent lines={3} />
        </div>
      );
    }
    if (columns.isError) {
      return (
        <ErrorCallout
          title={strings.columnsError()}
          error={columns.error}
          dataTestSubj="federationVirtualIndicesColumnsError"
        />
      );
    }
    return (
      <>
        <EuiText size="s" color="subdued">
          <p>{strings.qualifiedAs(qualifiedName(resource))}</p>
        </EuiText>
        <EuiSpacer size="s" />
        <MappingPreview columns={remoteColumns} keyColumn={key} />
        <EuiSpacer size="m" />
        <KeyPicker
          columns={remoteColumns}
          value={key}
          onChange={changed(setKeyChoice)}
          error={errors.key}
        />
      </>
    );
  };

  return (
    <FormFlyout
      testSubjPrefix="federationVirtualIndices"
      title={editing ? strings.editTitle(virtualIndex.id) : strings.createTitle()}
      onClose={onClose}
      onSubmit={() => void onSave()}
      saveError={
        serverError && !serverField ? { title: strings.saveError(), error: serverError } : null
      }
      cancelLabel={strings.cancelButton()}
      saveLabel={strings.saveButton()}
      isSaving={save.isPending}
      saveDisabled={!ready || save.isPending}
    >
      <EuiSteps
        headingElement="h3"
        titleSize="xs"
        steps={[
          {
            title: strings.stepDatasource(),
            status: datasource ? 'complete' : 'incomplete',
            children: (
              <DatasourcePicker
                value={datasource}
                onChange={chooseDatasource}
                error={errors.datasource}
              />
            ),
          },
          {
            title: strings.stepResource(),
            status: resource ? 'complete' : 'incomplete',
            children: datasource ? (
              <ResourcePickers
                datasource={datasource}
                catalog={catalog}
                schema={schema}
                resource={resource}
                onCatalog={(value) => {
                  setCatalog(value);
                  setSchema('');
                }}
                onSchema={setSchema}
                onResource={chooseResource}
                error={errors.resource}
              />
            ) : (
              <Pending text={strings.afterDatasource()} />
            ),
          },
          {
            title: strings.stepMapping(),
            status: columns.isSuccess ? 'complete' : 'incomplete',
            children: mappingStep(),
          },
          {
            title: strings.stepName(),
            status: ready ? 'complete' : 'incomplete',
            children: (
              <>
                <IndexNameField
                  value={id}
                  onChange={changed(setTypedId)}
                  disabled={editing}
                  error={errors.id}
                />
                <EuiText size="xs" color="subdued">
                  <p>{strings.concreteIndexNote()}</p>
                </EuiText>
              </>
            ),
          },
        ]}
      />
    </FormFlyout>
  );
}

/** The body of a step that waits for an earlier one. */
function Pending({ text }: { text: string }) {
  return (
    <EuiText size="s" color="subdued">
      <p>{text}</p>
    </EuiText>
  );
}
