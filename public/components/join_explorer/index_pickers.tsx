import {
  EuiCallOut,
  EuiComboBox,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiHighlight,
  EuiTextColor,
  type EuiComboBoxOptionOption,
} from '@elastic/eui';
import type { VirtualIndexView } from '../../../common/catalog_types';
import type { ChildIndex } from './join_form';
import { strings } from './strings';
import type { JoinSources } from './use_join_sources';

type Group<T> = EuiComboBoxOptionOption<T> & { options: EuiComboBoxOptionOption<T>[] };

function group<T>(label: string, options: EuiComboBoxOptionOption<T>[]): Group<T>[] {
  return options.length > 0 ? [{ label, options }] : [];
}

/** An option's label, the typed text highlighted, and a short note after it (a type, "virtual"). */
export function OptionWithNote({
  label,
  searchValue,
  note,
}: {
  label: string;
  searchValue: string;
  note?: string;
}) {
  return (
    <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
      <EuiFlexItem grow={false}>
        <EuiHighlight search={searchValue}>{label}</EuiHighlight>
      </EuiFlexItem>
      {note ? (
        <EuiFlexItem grow={false}>
          <EuiTextColor color="subdued">
            <small>{note}</small>
          </EuiTextColor>
        </EuiFlexItem>
      ) : null}
    </EuiFlexGroup>
  );
}

/** The parent side: any index, alias, data stream or typed pattern; never a virtual index. */
export function ParentIndexPicker({
  value,
  onChange,
  sources,
  isLoading,
  isInvalid,
}: {
  value: string;
  onChange: (value: string) => void;
  sources: JoinSources;
  isLoading: boolean;
  isInvalid?: boolean;
}) {
  const asOption = (name: string): EuiComboBoxOptionOption<string> => ({
    label: name,
    value: name,
  });
  const options = [
    ...group(strings.groupIndices(), sources.indices.map(asOption)),
    ...group(strings.groupAliases(), sources.aliases.map(asOption)),
    ...group(strings.groupDataStreams(), sources.dataStreams.map(asOption)),
  ];
  return (
    <EuiFormRow
      label={strings.parentIndexLabel()}
      helpText={strings.parentIndexHelp()}
      isInvalid={isInvalid}
      fullWidth
    >
      <EuiComboBox<string>
        data-test-subj="federationJoinExplorerParentIndex"
        placeholder={strings.parentIndexPlaceholder()}
        singleSelection={{ asPlainText: true }}
        options={options}
        selectedOptions={value ? [asOption(value)] : []}
        onChange={(selected) => onChange(selected[0]?.label ?? '')}
        // A pattern such as `orders-*` is not in the list: typing it and pressing Enter takes it.
        onCreateOption={(text) => onChange(text.trim())}
        isLoading={isLoading}
        isInvalid={isInvalid}
        fullWidth
      />
    </EuiFormRow>
  );
}

/** The child side: an OpenSearch index or pattern, or a virtual index (marked as such). */
export function ChildIndexPicker({
  value,
  onChange,
  sources,
  isLoading,
  isInvalid,
}: {
  value: ChildIndex | null;
  onChange: (value: ChildIndex | null) => void;
  sources: JoinSources;
  isLoading: boolean;
  isInvalid?: boolean;
}) {
  const asOption = (child: ChildIndex): EuiComboBoxOptionOption<ChildIndex> => ({
    label: child.name,
    value: child,
    key: `${child.virtual ? 'virtual' : 'index'}:${child.name}`,
  });
  const virtualIds = new Set(sources.virtualIndices.map((v) => v.id));
  const options = [
    ...group(
      strings.groupIndices(),
      [...sources.indices, ...sources.aliases, ...sources.dataStreams].map((name) =>
        asOption({ name, virtual: false })
      )
    ),
    ...group(
      strings.groupVirtualIndices(),
      sources.virtualIndices.map((v) => asOption({ name: v.id, virtual: true }))
    ),
  ];
  return (
    <EuiFormRow
      label={strings.childIndexLabel()}
      helpText={strings.childIndexHelp()}
      isInvalid={isInvalid}
      fullWidth
    >
      <EuiComboBox<ChildIndex>
        data-test-subj="federationJoinExplorerChildIndex"
        placeholder={strings.childIndexPlaceholder()}
        singleSelection={{ asPlainText: true }}
        options={options}
        selectedOptions={value ? [asOption(value)] : []}
        onChange={(selected) => onChange(selected[0]?.value ?? null)}
        onCreateOption={(text) => {
          const name = text.trim();
          if (name !== '') onChange({ name, virtual: virtualIds.has(name) });
        }}
        renderOption={(option, searchValue) => (
          <OptionWithNote
            label={option.label}
            searchValue={searchValue}
            note={option.value?.virtual ? strings.virtualBadge() : undefined}
          />
        )}
        isLoading={isLoading}
        isInvalid={isInvalid}
        fullWidth
      />
    </EuiFormRow>
  );
}

/** What a virtual child is and the rules its joins follow (docs/api/interface.md §4.6, §8.2.3, §8.2.6). */
export function VirtualChildNote({
  id,
  definition,
}: {
  id: string;
  definition?: VirtualIndexView;
}) {
  return (
    <EuiCallOut
      size="s"
      iconType="iInCircle"
      title={strings.virtualChildTitle(id)}
      data-test-subj="federationJoinExplorerVirtualChildNote"
    >
      {definition ? (
        <p>
          {strings.virtualChildSource(definition.datasource, definition.resource)}{' '}
          {definition.key ? strings.virtualChildKey(definition.key) : null}
        </p>
      ) : null}
      <p>{strings.virtualChildRules()}</p>
    </EuiCallOut>
  );
}
