import {
  EuiFieldText,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormFieldset,
  EuiFormRow,
  EuiIcon,
  EuiPanel,
  EuiSelect,
  EuiSpacer,
} from '@elastic/eui';
import { FieldComboBox, fieldsHelp } from './field_combo_box';
import { withOptional, type FormEndpoint, type FormEntity, type FormRelation } from './form_model';
import { RemoveRowButton } from './remove_row_button';
import { strings } from './strings';
import { useIndexFields } from './use_index_catalog';

type Side = 'from' | 'to';

/** One relation: its label, and for each end an entity and (optionally) one of its fields. */
export function RelationRow({
  index,
  relation,
  entities,
  entityLabels,
  problems,
  autoFocus,
  onChange,
  onRemove,
}: {
  index: number;
  relation: FormRelation;
  entities: readonly FormEntity[];
  entityLabels: readonly string[];
  problems: ReadonlyMap<string, string>;
  autoFocus: boolean;
  onChange: (relation: FormRelation) => void;
  onRemove: () => void;
}) {
  const labelProblem = problems.get(`relations.${index}.label`);
  const endpoint = (side: Side) => (
    <Endpoint
      index={index}
      side={side}
      end={relation[side]}
      entities={entities}
      entityLabels={entityLabels}
      problems={problems}
      onChange={(end) => onChange({ ...relation, [side]: end })}
    />
  );

  return (
    <>
      <EuiPanel hasBorder paddingSize="s" data-test-subj={`federationModelEditorRelation-${index}`}>
        <EuiFormFieldset legend={{ children: strings.relationLegend(index + 1, relation.label) }}>
          <EuiFlexGroup gutterSize="s" alignItems="flexStart" wrap>
            <EuiFlexItem grow={1} style={{ minWidth: 140 }}>
              <EuiFormRow
                label={strings.relationLabel}
                isInvalid={!!labelProblem}
                error={labelProblem}
              >
                <EuiFieldText
                  value={relation.label}
                  onChange={(event) => onChange({ ...relation, label: event.target.value })}
                  isInvalid={!!labelProblem}
                  autoFocus={autoFocus}
                  data-test-subj={`federationModelEditorRelationLabel-${index}`}
                />
              </EuiFormRow>
            </EuiFlexItem>
            {endpoint('from')}
            <EuiFlexItem grow={false}>
              <EuiFormRow hasEmptyLabelSpace>
                <EuiIcon type="sortRight" aria-hidden="true" />
              </EuiFormRow>
            </EuiFlexItem>
            {endpoint('to')}
            <RemoveRowButton
              ariaLabel={strings.removeRelation(relation.label || String(index + 1))}
              onRemove={onRemove}
              dataTestSubj={`federationModelEditorRemoveRelation-${index}`}
            />
          </EuiFlexGroup>
        </EuiFormFieldset>
      </EuiPanel>
      <EuiSpacer size="s" />
    </>
  );
}

/** One end of a relation: the entity (from the model's labels) and a field of its indices. */
function Endpoint({
  index,
  side,
  end,
  entities,
  entityLabels,
  problems,
  onChange,
}: {
  index: number;
  side: Side;
  end: FormEndpoint;
  entities: readonly FormEntity[];
  entityLabels: readonly string[];
  problems: ReadonlyMap<string, string>;
  onChange: (end: FormEndpoint) => void;
}) {
  const entity = entities.find((candidate) => candidate.label === end.entity);
  const indices = entity?.indices ?? [];
  const fields = useIndexFields(indices);
  const entityProblem = problems.get(`relations.${index}.${side}.entity`);
  const fieldProblem = problems.get(`relations.${index}.${side}.field`);
  const subj = side === 'from' ? 'From' : 'To';
  // A label the model does not define stays choosable, so the select shows what the JSON says.
  const labels =
    end.entity && !entityLabels.includes(end.entity) ? [...entityLabels, end.entity] : entityLabels;

  return (
    <>
      <EuiFlexItem grow={1} style={{ minWidth: 140 }}>
        <EuiFormRow
          label={side === 'from' ? strings.fromEntity : strings.toEntity}
          isInvalid={!!entityProblem}
          error={entityProblem}
        >
          <EuiSelect
            options={[
              { value: '', text: strings.chooseEntity },
              ...[...new Set(labels)].map((label) => ({ value: label, text: label })),
            ]}
            value={end.entity}
            onChange={(event) => onChange({ ...end, entity: event.target.value })}
            isInvalid={!!entityProblem}
            data-test-subj={`federationModelEditorRelation${subj}Entity-${index}`}
          />
        </EuiFormRow>
      </EuiFlexItem>
      <EuiFlexItem grow={1} style={{ minWidth: 160 }}>
        <EuiFormRow
          label={side === 'from' ? strings.fromField : strings.toField}
          helpText={entity ? fieldsHelp(fields, indices).join(' ') || undefined : undefined}
          isInvalid={!!fieldProblem}
          error={fieldProblem}
        >
          <FieldComboBox
            value={end.field ?? ''}
            fields={fields}
            placeholder={strings.endpointFieldPlaceholder(entity?.id || '_id')}
            isInvalid={!!fieldProblem}
            onChange={(field) => onChange(withOptional(end, 'field', field))}
            dataTestSubj={`federationModelEditorRelation${subj}Field-${index}`}
          />
        </EuiFormRow>
      </EuiFlexItem>
    </>
  );
}
