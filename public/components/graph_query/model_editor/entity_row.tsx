import {
  EuiComboBox,
  EuiFieldText,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormFieldset,
  EuiFormRow,
  EuiPanel,
  EuiSpacer,
} from '@elastic/eui';
import { FieldComboBox, fieldsHelp } from './field_combo_box';
import { withOptional, type FormEntity } from './form_model';
import { RemoveRowButton } from './remove_row_button';
import { strings } from './strings';
import { useIndexFields, type IndexOptionsState } from './use_index_catalog';

/** One entity: its label, its indices (from the cluster, or typed) and its id field. */
export function EntityRow({
  index,
  entity,
  problems,
  indexOptions,
  autoFocus,
  onChange,
  onLabelChange,
  onRemove,
}: {
  index: number;
  entity: FormEntity;
  problems: ReadonlyMap<string, string>;
  indexOptions: IndexOptionsState;
  autoFocus: boolean;
  onChange: (entity: FormEntity) => void;
  /** A new label: the form also renames the relation endpoints that named the old one. */
  onLabelChange: (label: string) => void;
  onRemove: () => void;
}) {
  const fields = useIndexFields(entity.indices);
  const problem = (field: string) => problems.get(`entities.${index}.${field}`);
  const addIndices = (typed: string) => {
    const names = typed
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '' && !entity.indices.includes(name));
    if (names.length > 0) onChange({ ...entity, indices: [...entity.indices, ...names] });
  };
  const idHelp = [strings.entityIdHelp, ...fieldsHelp(fields, entity.indices)];

  return (
    <>
      <EuiPanel hasBorder paddingSize="s" data-test-subj={`federationModelEditorEntity-${index}`}>
        <EuiFormFieldset legend={{ children: strings.entityLegend(index + 1, entity.label) }}>
          <EuiFlexGroup gutterSize="s" alignItems="flexStart" wrap>
            <EuiFlexItem grow={1} style={{ minWidth: 160 }}>
              <EuiFormRow
                label={strings.entityLabel}
                isInvalid={!!problem('label')}
                error={problem('label')}
              >
                <EuiFieldText
                  value={entity.label}
                  onChange={(event) => onLabelChange(event.target.value)}
                  isInvalid={!!problem('label')}
                  autoFocus={autoFocus}
                  data-test-subj={`federationModelEditorEntityLabel-${index}`}
                />
              </EuiFormRow>
            </EuiFlexItem>
            <EuiFlexItem grow={2} style={{ minWidth: 240 }}>
              <EuiFormRow
                label={strings.entityIndices}
                isInvalid={!!problem('indices')}
                error={problem('indices')}
              >
                <EuiComboBox<string>
                  placeholder={strings.entityIndicesPlaceholder}
                  options={indexOptions.options}
                  selectedOptions={entity.indices.map((name) => ({ label: name, value: name }))}
                  onChange={(selected) =>
                    onChange({ ...entity, indices: selected.map((option) => option.label) })
                  }
                  onCreateOption={addIndices}
                  delimiter=","
                  isLoading={indexOptions.isLoading}
                  isInvalid={!!problem('indices')}
                  data-test-subj={`federationModelEditorEntityIndices-${index}`}
                />
              </EuiFormRow>
            </EuiFlexItem>
            <EuiFlexItem grow={1} style={{ minWidth: 160 }}>
              <EuiFormRow
                label={strings.entityId}
                helpText={idHelp.map((line) => (
                  <span key={line} style={{ display: 'block' }}>
                    {line}
                  </span>
                ))}
                isInvalid={!!problem('id')}
                error={problem('id')}
              >
                <FieldComboBox
                  value={entity.id ?? ''}
                  fields={fields}
                  placeholder="_id"
                  isInvalid={!!problem('id')}
                  onChange={(id) => onChange(withOptional(entity, 'id', id))}
                  dataTestSubj={`federationModelEditorEntityId-${index}`}
                />
              </EuiFormRow>
            </EuiFlexItem>
            <RemoveRowButton
              ariaLabel={strings.removeEntity(entity.label || String(index + 1))}
              onRemove={onRemove}
              dataTestSubj={`federationModelEditorRemoveEntity-${index}`}
            />
          </EuiFlexGroup>
        </EuiFormFieldset>
      </EuiPanel>
      <EuiSpacer size="s" />
    </>
  );
}
