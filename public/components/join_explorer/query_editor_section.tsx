import { EuiFormRow, EuiSpacer, EuiSwitch } from '@elastic/eui';
import { CodeEditor } from '../shared/code_editor/code_editor';
import { parseQueryText } from './build_join_request';
import { QUERY_DSL_EDITOR_SCHEMA } from './query_dsl_schema';
import { strings } from './strings';

const EDITOR_HEIGHT = 160;

/** One query editor: JSON with the query DSL schema, its parse error under it as the user types. */
function QueryEditor({
  label,
  helpText,
  ariaLabel,
  value,
  onChange,
  onSubmit,
  dataTestSubj,
}: {
  label: string;
  helpText?: string;
  ariaLabel: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  dataTestSubj: string;
}) {
  const parsed = parseQueryText(value);
  return (
    <EuiFormRow
      label={label}
      helpText={helpText}
      isInvalid={!parsed.ok}
      error={parsed.ok ? undefined : parsed.message}
      fullWidth
    >
      <CodeEditor
        languageId="json"
        value={value}
        onChange={onChange}
        ariaLabel={ariaLabel}
        height={EDITOR_HEIGHT}
        jsonSchema={QUERY_DSL_EDITOR_SCHEMA}
        onSubmit={onSubmit}
        dataTestSubj={dataTestSubj}
      />
    </EuiFormRow>
  );
}

/** The child query (`query.join.request.query`) and, when switched on, a parent query beside the join. */
export function QueryEditorSection({
  childQuery,
  onChildQueryChange,
  parentQueryEnabled,
  onParentQueryEnabledChange,
  parentQuery,
  onParentQueryChange,
  onSubmit,
}: {
  childQuery: string;
  onChildQueryChange: (value: string) => void;
  parentQueryEnabled: boolean;
  onParentQueryEnabledChange: (enabled: boolean) => void;
  parentQuery: string;
  onParentQueryChange: (value: string) => void;
  onSubmit: () => void;
}) {
  return (
    <div data-test-subj="federationJoinExplorerQueries">
      <QueryEditor
        label={strings.childQueryLabel()}
        helpText={strings.childQueryHelp()}
        ariaLabel={strings.childQueryAria()}
        value={childQuery}
        onChange={onChildQueryChange}
        onSubmit={onSubmit}
        dataTestSubj="federationJoinExplorerChildQuery"
      />
      <EuiSpacer size="s" />
      <EuiSwitch
        label={strings.parentQueryToggle()}
        checked={parentQueryEnabled}
        onChange={(event) => onParentQueryEnabledChange(event.target.checked)}
        data-test-subj="federationJoinExplorerParentQueryToggle"
      />
      {parentQueryEnabled ? (
        <>
          <EuiSpacer size="s" />
          <QueryEditor
            label={strings.parentQueryLabel()}
            ariaLabel={strings.parentQueryAria()}
            value={parentQuery}
            onChange={onParentQueryChange}
            onSubmit={onSubmit}
            dataTestSubj="federationJoinExplorerParentQuery"
          />
        </>
      ) : null}
    </div>
  );
}
