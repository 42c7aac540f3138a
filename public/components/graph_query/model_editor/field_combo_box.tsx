import { EuiComboBox, EuiFlexGroup, EuiFlexItem, EuiTextColor } from '@elastic/eui';
import { useMemo } from 'react';
import { errorDetails } from '../../../services/error_reason';
import type { Option } from './index_catalog';
import { strings } from './strings';
import type { IndexFieldsState } from './use_index_catalog';

/**
 * One field of some indices: picked from their mappings (each shown with its type, since joining
 * a keyword to a long matches nothing) or typed, for fields the mappings do not list.
 */
export function FieldComboBox({
  id,
  value,
  fields,
  placeholder,
  isInvalid,
  onChange,
  dataTestSubj,
}: {
  id?: string;
  value: string;
  fields: IndexFieldsState;
  placeholder: string;
  isInvalid?: boolean;
  onChange: (value: string) => void;
  dataTestSubj: string;
}) {
  const types = useMemo(
    () => new Map(fields.fields.map((field) => [field.name, field.type])),
    [fields.fields]
  );
  const options: Option[] = useMemo(
    () => fields.fields.map((field) => ({ label: field.name, value: field.name })),
    [fields.fields]
  );
  return (
    <EuiComboBox<string>
      id={id}
      placeholder={placeholder}
      singleSelection={{ asPlainText: true }}
      options={options}
      selectedOptions={value ? [{ label: value, value }] : []}
      onChange={(selected) => onChange(selected[0]?.label ?? '')}
      onCreateOption={(typed) => onChange(typed.trim())}
      isLoading={fields.isLoading}
      isInvalid={isInvalid}
      isClearable
      renderOption={(option) => (
        <EuiFlexGroup gutterSize="s" responsive={false} justifyContent="spaceBetween">
          <EuiFlexItem grow={false}>{option.label}</EuiFlexItem>
          <EuiFlexItem grow={false}>
            <EuiTextColor color="subdued">{types.get(option.label)}</EuiTextColor>
          </EuiFlexItem>
        </EuiFlexGroup>
      )}
      data-test-subj={dataTestSubj}
    />
  );
}

/** Help under a field picker: why its list is empty or short. */
export function fieldsHelp(fields: IndexFieldsState, indices: readonly string[]): string[] {
  const help = fields.errors.map(({ index, error }) =>
    strings.fieldsError(index, errorDetails(error).reason)
  );
  if (indices.length === 0) help.push(strings.fieldsNeedIndices);
  return help;
}
