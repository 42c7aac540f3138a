import { EuiCallOut, EuiFormRow, EuiSpacer, EuiSwitch } from '@elastic/eui';
import { CodeEditor } from '../shared/code_editor/code_editor';
import { parseQueryText } from './build_join_request';
import type { IndexField } from './mapping_fields';
import { QUERY_DSL_EDITOR_SCHEMA } from './query_dsl_schema';
import { unknownQueryFields } from './query_fields';
import { strings } from './strings';

const EDITOR_HEIGHT = 160;

/** The index a query runs on: its name and the fields of its mapping (none until loaded). */
export interface QueryTarget {
  index: string;
  fields: readonly IndexField[];
}

/**
 * One query editor: JSON with the query DSL schema, its parse error under it as the user types,
 * and a warning naming the fields it reads that its index lacks. Such a query answers 0 hits
 * without an error (OpenSearch does the same for an unmapped field), so this is the one place
 * the user hears of it before running.
 */
function QueryEditor({
  label,
  helpText,
  ariaLabel,
  value,
  onChange,
  onSubmit,
  dataTestSubj,
  target,
  unknownFieldsMessage,
}: {
  label: string;
  helpText?: string;
  ariaLabel: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  dataTestSubj: string;
  target: QueryTarget;
  unknownFieldsMessage: (index: string, fields: string) => string;
}) {
  const parsed = parseQueryText(value);
  const unknown = parsed.ok ? unknownQueryFields(parsed.query, target.fields) : [];
  return (
    <>
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
      {unknown.length > 0 ? (
        <>
          <EuiSpacer size="s" />
          <EuiCallOut
            size="s"
            color="warning"
            iconType="help"
            title={unknownFieldsMessage(target.index, unknown.join(', '))}
            data-test-subj={`${dataTestSubj}UnknownFields`}
          />
        </>
      ) : null}
    </>
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
  child,
  parent,
}: {
  childQuery: string;
  onChildQueryChange: (value: string) => void;
  parentQueryEnabled: boolean;
  onParentQueryEnabledChange: (enabled: boolean) => void;
  parentQuery: string;
  onParentQueryChange: (value: string) => void;
  onSubmit: () => void;
  child: QueryTarget;
  parent: QueryTarget;
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
        target={child}
        unknownFieldsMessage={strings.childQueryUnknownFields}
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
            target={parent}
            unknownFieldsMessage={strings.parentQueryUnknownFields}
          />
        </>
      ) : null}
    </div>
  );
}
