import { EuiCallOut, EuiSpacer, EuiTitle } from '@elastic/eui';
import { CodeEditor } from '../shared/code_editor/code_editor';
import type { GqlEditorSchema } from '../shared/code_editor/code_editor_props';
import { errorDetails } from '../../services/error_reason';
import { RunControls, type RunControlsProps } from './run_controls';
import { strings } from './strings';

/** The GQL editor (completion from the model's schema) with its run controls below it. */
export function QueryEditorSection({
  query,
  onQueryChange,
  schema,
  mappingFailures,
  modelProblem,
  ...controls
}: {
  query: string;
  onQueryChange: (query: string) => void;
  schema: GqlEditorSchema;
  mappingFailures: Array<{ entity: string; error: unknown }>;
  /** Why the model text cannot be sent, or null. */
  modelProblem: string | null;
} & RunControlsProps) {
  return (
    <>
      <EuiTitle size="xxs">
        <h2>{strings.queryEditorTitle()}</h2>
      </EuiTitle>
      <EuiSpacer size="xs" />
      <CodeEditor
        languageId="gql"
        value={query}
        onChange={onQueryChange}
        ariaLabel={strings.queryEditorAriaLabel()}
        gqlSchema={schema}
        onSubmit={controls.onRun}
        height={260}
        dataTestSubj="federationGraphQueryEditor"
      />
      <EuiSpacer size="s" />
      <RunControls {...controls} />
      {modelProblem ? (
        <>
          <EuiSpacer size="s" />
          <EuiCallOut
            size="s"
            color="warning"
            iconType="alert"
            title={strings.modelProblemTitle()}
            data-test-subj="federationGraphModelProblem"
          >
            <p>{modelProblem}</p>
          </EuiCallOut>
        </>
      ) : null}
      {mappingFailures.length > 0 ? (
        <>
          <EuiSpacer size="s" />
          <EuiCallOut size="s" color="warning" data-test-subj="federationGraphMappingProblems">
            {mappingFailures.map(({ entity, error }) => (
              <p key={entity}>
                {strings.mappingsFailed(entity)} {errorDetails(error).reason}
              </p>
            ))}
          </EuiCallOut>
        </>
      ) : null}
    </>
  );
}
