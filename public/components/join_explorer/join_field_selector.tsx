import {
  EuiCallOut,
  EuiComboBox,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiSpacer,
  type EuiComboBoxOptionOption,
} from '@elastic/eui';
import { ErrorCallout } from '../shared/error_callout';
import { OptionWithNote } from './index_pickers';
import { checkJoinFields } from './join_field_checks';
import { JoinSuggestions } from './join_suggestions';
import type { IndexField } from './mapping_fields';
import { strings } from './strings';
import { useJoinSuggestions } from './use_join_suggestions';

export interface FieldSide {
  /** The index expression the fields come from ('' until one is chosen). */
  index: string;
  fields: IndexField[];
  isLoading: boolean;
  error: unknown;
}

/** A field chooser over one side's mapping; a field typed by hand (e.g. unmapped) is taken too. */
export function FieldPicker({
  label,
  helpText,
  needsIndexText,
  side,
  value,
  onChange,
  dataTestSubj,
}: {
  label: string;
  helpText?: string;
  /** Why the picker is disabled while no index is chosen: said in help text, not a placeholder. */
  needsIndexText: string;
  side: FieldSide;
  value: string;
  onChange: (value: string) => void;
  dataTestSubj: string;
}) {
  const asOption = (name: string): EuiComboBoxOptionOption<string> => ({
    label: name,
    value: name,
  });
  const typeOf = (name: string) => side.fields.find((f) => f.name === name)?.type;
  const needsIndex = side.index === '';
  // A disabled box's placeholder is drawn too faint to read (WCAG contrast), so the reason it is
  // disabled goes in the help text, which keeps its colour.
  const help = needsIndex ? [needsIndexText, ...(helpText ? [helpText] : [])] : helpText;
  return (
    <EuiFormRow label={label} helpText={help} fullWidth>
      <EuiComboBox<string>
        data-test-subj={dataTestSubj}
        placeholder={needsIndex ? undefined : strings.fieldPlaceholder()}
        singleSelection={{ asPlainText: true }}
        options={side.fields.map((field) => asOption(field.name))}
        selectedOptions={value ? [asOption(value)] : []}
        onChange={(selected) => onChange(selected[0]?.label ?? '')}
        onCreateOption={(text) => onChange(text.trim())}
        renderOption={(option, searchValue) => (
          <OptionWithNote
            label={option.label}
            searchValue={searchValue}
            note={typeOf(option.label)}
          />
        )}
        isLoading={side.isLoading}
        isDisabled={needsIndex}
        fullWidth
      />
    </EuiFormRow>
  );
}

/**
 * `query.join.on`: the parent's and the child's field, chosen from both mappings, with pairs that
 * look like keys suggested and problems (type mismatch, virtual integer-only rule) flagged.
 */
export function JoinFieldSelector({
  parent,
  child,
  childVirtual,
  parentField,
  childField,
  onChange,
}: {
  parent: FieldSide;
  child: FieldSide;
  childVirtual: boolean;
  parentField: string;
  childField: string;
  onChange: (parentField: string, childField: string) => void;
}) {
  const { suggestions, sampling } = useJoinSuggestions({
    parentIndex: parent.index,
    childIndex: child.index,
    parentFields: parent.fields,
    childFields: child.fields,
  });
  const issues = checkJoinFields(
    parentField,
    childField,
    parent.fields,
    child.fields,
    childVirtual
  );
  const bothMapped = parent.fields.length > 0 && child.fields.length > 0;

  return (
    <>
      <EuiFlexGroup gutterSize="m" wrap>
        <EuiFlexItem>
          <FieldPicker
            label={strings.parentFieldLabel()}
            helpText={strings.parentFieldHelp()}
            needsIndexText={strings.parentFieldNeedsIndex()}
            side={parent}
            value={parentField}
            onChange={(value) => onChange(value, childField)}
            dataTestSubj="federationJoinExplorerParentField"
          />
        </EuiFlexItem>
        <EuiFlexItem>
          <FieldPicker
            label={strings.childFieldLabel()}
            needsIndexText={strings.childFieldNeedsIndex()}
            side={child}
            value={childField}
            onChange={(value) => onChange(parentField, value)}
            dataTestSubj="federationJoinExplorerChildField"
          />
        </EuiFlexItem>
      </EuiFlexGroup>
      {parent.error ? (
        <ErrorCallout
          title={strings.mappingError(parent.index)}
          error={parent.error}
          dataTestSubj="federationJoinExplorerParentMappingError"
        />
      ) : null}
      {child.error ? (
        <ErrorCallout
          title={strings.mappingError(child.index)}
          error={child.error}
          dataTestSubj="federationJoinExplorerChildMappingError"
        />
      ) : null}
      {/* Once both fields are chosen, "no suggestion" is noise: only offer pairs that exist. */}
      {bothMapped && (suggestions.length > 0 || !(parentField && childField)) ? (
        <JoinSuggestions
          suggestions={suggestions}
          sampling={sampling}
          onChoose={(pair) => onChange(pair.parentField, pair.childField)}
        />
      ) : null}
      {issues.map((issue) => (
        <div key={issue.kind + issue.message}>
          <EuiSpacer size="s" />
          <EuiCallOut
            size="s"
            color={issue.severity === 'error' ? 'danger' : 'warning'}
            iconType={issue.severity === 'error' ? 'alert' : 'help'}
            title={issue.message}
            data-test-subj={`federationJoinExplorerJoinFieldIssue-${issue.kind}`}
          />
        </div>
      ))}
    </>
  );
}
