import {
  EuiButton,
  EuiCallOut,
  EuiFieldText,
  EuiForm,
  EuiFormRow,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { useMemo, useState } from 'react';
import { ErrorCallout } from '../../shared/error_callout';
import { EntityRow } from './entity_row';
import {
  emptyEntity,
  emptyRelation,
  renameEntity,
  type FormEntity,
  type FormModel,
  type FormRelation,
} from './form_model';
import { modelProblems } from './model_problems';
import { RelationRow } from './relation_row';
import { strings } from './strings';
import { useIndexOptions } from './use_index_catalog';

/** Entities and relations as rows to edit, add and remove; every change is a new model. */
export function ModelForm({
  model,
  onChange,
}: {
  model: FormModel;
  onChange: (model: FormModel) => void;
}) {
  const problems = useMemo(() => modelProblems(model), [model]);
  const indexOptions = useIndexOptions();
  // The row just added takes the focus, so keyboard users land in what they asked for.
  const [added, setAdded] = useState<{ kind: 'entity' | 'relation'; index: number } | null>(null);

  const setEntity = (index: number, entity: FormEntity) =>
    onChange({ ...model, entities: model.entities.map((e, i) => (i === index ? entity : e)) });
  const setRelation = (index: number, relation: FormRelation) =>
    onChange({ ...model, relations: model.relations.map((r, i) => (i === index ? relation : r)) });
  const entityLabels = model.entities.map((entity) => entity.label).filter((label) => label);

  return (
    <EuiForm component="div" data-test-subj="federationModelEditorForm">
      {indexOptions.errors.map(({ list, error }) => (
        <div key={list}>
          <ErrorCallout
            title={list === 'indices' ? strings.indexListError : strings.virtualIndexListError}
            error={error}
            dataTestSubj="federationModelEditorIndexListError"
          />
          <EuiSpacer size="s" />
        </div>
      ))}
      {problems.other.length > 0 ? (
        <>
          <EuiCallOut
            color="warning"
            iconType="alert"
            title={strings.notModelShape}
            data-test-subj="federationModelEditorOtherProblems"
          >
            <ul>
              {problems.other.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </EuiCallOut>
          <EuiSpacer size="s" />
        </>
      ) : null}

      <EuiFormRow
        label={strings.modelLabel}
        helpText={strings.modelLabelHelp}
        isInvalid={problems.byField.has('label')}
        error={problems.byField.get('label')}
      >
        <EuiFieldText
          value={model.label}
          onChange={(event) => onChange({ ...model, label: event.target.value })}
          isInvalid={problems.byField.has('label')}
          data-test-subj="federationModelEditorGraphLabel"
        />
      </EuiFormRow>

      <EuiSpacer size="m" />
      <SectionTitle title={strings.entitiesTitle} help={strings.entitiesHelp} />
      {model.entities.length === 0 ? (
        <EuiText size="s" color={problems.byField.has('entities') ? 'danger' : 'subdued'}>
          <p>{strings.noEntities}</p>
        </EuiText>
      ) : null}
      {model.entities.map((entity, i) => (
        <EntityRow
          key={i}
          index={i}
          entity={entity}
          problems={problems.byField}
          indexOptions={indexOptions}
          autoFocus={added?.kind === 'entity' && added.index === i}
          onChange={(next) => setEntity(i, next)}
          onLabelChange={(label) => onChange(renameEntity(model, i, label))}
          onRemove={() =>
            onChange({ ...model, entities: model.entities.filter((_, j) => j !== i) })
          }
        />
      ))}
      <EuiSpacer size="s" />
      <EuiButton
        size="s"
        iconType="plusInCircle"
        onClick={() => {
          setAdded({ kind: 'entity', index: model.entities.length });
          onChange({ ...model, entities: [...model.entities, emptyEntity()] });
        }}
        data-test-subj="federationModelEditorAddEntity"
      >
        {strings.addEntity}
      </EuiButton>

      <EuiSpacer size="l" />
      <SectionTitle title={strings.relationsTitle} help={strings.relationsHelp} />
      {model.relations.length === 0 ? (
        <EuiText size="s" color="subdued">
          <p>
            {model.entities.length === 0 ? strings.addRelationNeedsEntity : strings.noRelations}
          </p>
        </EuiText>
      ) : null}
      {model.relations.map((relation, i) => (
        <RelationRow
          key={i}
          index={i}
          relation={relation}
          entities={model.entities}
          entityLabels={entityLabels}
          problems={problems.byField}
          autoFocus={added?.kind === 'relation' && added.index === i}
          onChange={(next) => setRelation(i, next)}
          onRemove={() =>
            onChange({ ...model, relations: model.relations.filter((_, j) => j !== i) })
          }
        />
      ))}
      <EuiSpacer size="s" />
      <EuiButton
        size="s"
        iconType="plusInCircle"
        isDisabled={model.entities.length === 0}
        onClick={() => {
          setAdded({ kind: 'relation', index: model.relations.length });
          onChange({ ...model, relations: [...model.relations, emptyRelation(model.entities)] });
        }}
        data-test-subj="federationModelEditorAddRelation"
      >
        {strings.addRelation}
      </EuiButton>
    </EuiForm>
  );
}

function SectionTitle({ title, help }: { title: string; help: string }) {
  return (
    <>
      <EuiTitle size="xs">
        <h3>{title}</h3>
      </EuiTitle>
      <EuiText size="xs" color="subdued">
        <p>{help}</p>
      </EuiText>
      <EuiSpacer size="s" />
    </>
  );
}
