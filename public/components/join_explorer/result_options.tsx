import {
  EuiComboBox,
  EuiFieldNumber,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiSelect,
  type EuiComboBoxOptionOption,
} from '@elastic/eui';
import { MAX_PAGE_SIZE } from './build_join_request';
import { SORT_BY_INDEX_ORDER, SORT_BY_SCORE, type JoinForm, type SortOrder } from './join_form';
import { isSortable, type IndexField } from './mapping_fields';
import { strings } from './strings';

type ResultOptionsValue = Pick<
  JoinForm,
  'projectedFields' | 'parentColumns' | 'sortField' | 'sortOrder' | 'pageSize'
>;

function MultiFieldPicker({
  label,
  helpText,
  fields,
  value,
  onChange,
  isDisabled,
  isInvalid,
  error,
  dataTestSubj,
}: {
  label: string;
  helpText: string;
  fields: IndexField[];
  value: string[];
  onChange: (value: string[]) => void;
  isDisabled?: boolean;
  isInvalid?: boolean;
  error?: string;
  dataTestSubj: string;
}) {
  const asOption = (name: string): EuiComboBoxOptionOption<string> => ({ label: name });
  return (
    <EuiFormRow label={label} helpText={helpText} isInvalid={isInvalid} error={error} fullWidth>
      <EuiComboBox<string>
        data-test-subj={dataTestSubj}
        options={fields.map((f) => asOption(f.name))}
        selectedOptions={value.map(asOption)}
        onChange={(selected) => onChange(selected.map((o) => o.label))}
        isDisabled={isDisabled}
        isInvalid={isInvalid}
        fullWidth
      />
    </EuiFormRow>
  );
}

/** What the results hold and in which order: projection, parent columns, sort, page size. */
export function ResultOptions({
  value,
  onChange,
  parentFields,
  childFields,
  problems,
}: {
  value: ResultOptionsValue;
  onChange: (patch: Partial<ResultOptionsValue>) => void;
  parentFields: IndexField[];
  childFields: IndexField[];
  /** Messages of the build problems that concern these options, by field. */
  problems: Partial<Record<'projectedFields' | 'pageSize', string>>;
}) {
  const sortOptions = [
    { value: SORT_BY_INDEX_ORDER, text: strings.sortIndexOrder() },
    { value: SORT_BY_SCORE, text: strings.sortScore() },
    ...parentFields.filter(isSortable).map((f) => ({ value: f.name, text: f.name })),
  ];
  return (
    <>
      <EuiFlexGroup gutterSize="m" wrap>
        <EuiFlexItem>
          <MultiFieldPicker
            label={strings.projectedFieldsLabel()}
            helpText={strings.projectedFieldsHelp()}
            fields={childFields}
            value={value.projectedFields}
            onChange={(projectedFields) => onChange({ projectedFields })}
            isInvalid={problems.projectedFields !== undefined}
            error={problems.projectedFields}
            dataTestSubj="federationJoinExplorerProjectedFields"
          />
        </EuiFlexItem>
        <EuiFlexItem>
          <MultiFieldPicker
            label={strings.parentColumnsLabel()}
            helpText={strings.parentColumnsHelp()}
            fields={parentFields}
            value={value.parentColumns}
            onChange={(parentColumns) => onChange({ parentColumns })}
            dataTestSubj="federationJoinExplorerParentColumns"
          />
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiFlexGroup gutterSize="m" wrap>
        <EuiFlexItem>
          <EuiFormRow label={strings.sortFieldLabel()} fullWidth>
            <EuiSelect
              options={sortOptions}
              value={value.sortField}
              onChange={(event) => onChange({ sortField: event.target.value })}
              data-test-subj="federationJoinExplorerSortField"
              fullWidth
            />
          </EuiFormRow>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiFormRow label={strings.sortOrderLabel()}>
            <EuiSelect
              options={[
                { value: 'asc', text: strings.sortAscending() },
                { value: 'desc', text: strings.sortDescending() },
              ]}
              value={value.sortOrder}
              onChange={(event) => onChange({ sortOrder: event.target.value as SortOrder })}
              disabled={value.sortField === SORT_BY_INDEX_ORDER}
              data-test-subj="federationJoinExplorerSortOrder"
            />
          </EuiFormRow>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiFormRow
            label={strings.pageSizeLabel()}
            isInvalid={problems.pageSize !== undefined}
            error={problems.pageSize}
          >
            <EuiFieldNumber
              min={1}
              max={MAX_PAGE_SIZE}
              step={1}
              value={Number.isNaN(value.pageSize) ? '' : value.pageSize}
              onChange={(event) => onChange({ pageSize: event.target.valueAsNumber })}
              isInvalid={problems.pageSize !== undefined}
              data-test-subj="federationJoinExplorerPageSize"
            />
          </EuiFormRow>
        </EuiFlexItem>
      </EuiFlexGroup>
    </>
  );
}
