import {
  EuiHorizontalRule,
  EuiLoadingContent,
  EuiResizableContainer,
  EuiSpacer,
  EuiTitle,
} from '@elastic/eui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ModelEditor } from './model_editor/model_editor';
import type { GraphDraft } from './demo_starter';
import { modelOutline, modelToText, parseModelText, type ParsedModel } from './model_text';
import { QueryEditorSection } from './query_editor_section';
import { expansionQuery, type ExpansionRequest } from './results/neighbour_expansion';
import { ResultsSection } from './results/results_section';
import { SavedQueriesToolbar } from './saved_queries/saved_queries_toolbar';
import type { OpenedQuery } from './saved_queries/use_open_saved_query';
import { strings } from './strings';
import { useDebouncedValue } from './use_debounced_value';
import { useGqlSchema } from './use_gql_schema';
import { useGraphRun } from './use_graph_run';
import { useStarterDraft } from './use_starter_draft';

/** How long the model text must rest before its indices' mappings are fetched. */
const MAPPINGS_DEBOUNCE_MS = 400;

/** What the toolbar compares with the open saved query while the starter is not known yet. */
const EMPTY_DRAFT: GraphDraft = { query: '', modelText: '' };

function modelProblemText(parsed: ParsedModel): string | null {
  if (parsed.ok) return null;
  if (parsed.problem === 'empty') return strings.modelEmpty();
  if (parsed.problem === 'not_object') return strings.modelNotObject();
  return strings.modelSyntax(parsed.detail ?? '');
}

/**
 * The Graph query screen: saved queries on top; the GQL editor (with Run, Explain, `detailed`)
 * beside the model editor; the results below. The panel holds the draft (query and model text);
 * until the user edits or opens something, the draft is the starter (the demo, when present).
 */
export function GraphQueryPanel() {
  const starter = useStarterDraft();
  const [edited, setEdited] = useState<GraphDraft | null>(null);
  // Counts opened queries: the results of one query are not shown under another.
  const [opened, setOpened] = useState(0);
  const draft = edited ?? starter.draft;

  const onOpen = useCallback((saved: OpenedQuery) => {
    // Null: a new query, back to the starter draft.
    setEdited(saved ? { query: saved.query, modelText: modelToText(saved.model) } : null);
    setOpened((count) => count + 1);
  }, []);

  return (
    <div data-test-subj="federationGraphQueryPanel">
      <SavedQueriesToolbar draft={draft ?? EMPTY_DRAFT} onOpen={onOpen} />
      <EuiSpacer size="m" />
      {draft ? (
        <Workbench
          draft={draft}
          onChange={setEdited}
          demoAvailable={starter.demo}
          opened={opened}
        />
      ) : (
        <div role="status" aria-label={strings.starterLoading()}>
          <EuiLoadingContent lines={6} />
        </div>
      )}
    </div>
  );
}

function Workbench({
  draft,
  onChange,
  demoAvailable,
  opened,
}: {
  draft: GraphDraft;
  onChange: (draft: GraphDraft) => void;
  demoAvailable: boolean;
  /** Changes when another query is opened: the last run's answer is then cleared. */
  opened: number;
}) {
  const [detailed, setDetailed] = useState(true);
  const run = useGraphRun();
  const { reset, cancel } = run;
  useEffect(() => {
    cancel();
    reset();
  }, [opened, cancel, reset]);
  const parsed = useMemo(() => parseModelText(draft.modelText), [draft.modelText]);
  const modelProblem = modelProblemText(parsed);
  const blocked = draft.query.trim() === '' ? strings.emptyQuery() : modelProblem;

  // Completion follows the last model that parsed, once its text has settled.
  const settledText = useDebouncedValue(draft.modelText, MAPPINGS_DEBOUNCE_MS);
  const outline = useMemo(() => {
    const settled = parseModelText(settledText);
    return settled.ok ? settled.outline : modelOutline({});
  }, [settledText]);
  const { schema, failures } = useGqlSchema(outline);

  const submit = (mode: 'run' | 'explain') => {
    if (blocked !== null || !parsed.ok) return;
    run.mutate({ mode, request: { model: parsed.model, query: draft.query }, detailed });
  };
  const pending = run.isPending ? (run.variables?.mode ?? 'run') : null;

  // A node's neighbours, chosen in the picture: the query is written into the editor (where the
  // user can read, change and run it again) and run; its answer joins the picture.
  const expand = (chosen: ExpansionRequest) => {
    if (!parsed.ok || run.isPending) return;
    const query = expansionQuery(modelOutline(parsed.model), chosen);
    onChange({ ...draft, query });
    run.mutate({
      mode: 'run',
      request: { model: parsed.model, query },
      detailed,
      expansion: { from: chosen.node.key },
    });
  };

  return (
    <>
      <EuiResizableContainer
        style={{ minHeight: 380 }}
        role="group"
        aria-label={strings.layoutAriaLabel()}
      >
        {(EuiResizablePanel, EuiResizableButton) => (
          <>
            <EuiResizablePanel initialSize={58} minSize="30%" paddingSize="s">
              <QueryEditorSection
                query={draft.query}
                onQueryChange={(query) => onChange({ ...draft, query })}
                schema={schema}
                mappingFailures={failures}
                modelProblem={modelProblem}
                onRun={() => submit('run')}
                onExplain={() => submit('explain')}
                onCancel={run.cancel}
                detailed={detailed}
                onDetailedChange={setDetailed}
                pending={pending}
                blocked={blocked}
              />
            </EuiResizablePanel>
            <EuiResizableButton />
            <EuiResizablePanel initialSize={42} minSize="25%" paddingSize="s">
              <EuiTitle size="xxs">
                <h2>{strings.modelEditorTitle()}</h2>
              </EuiTitle>
              <EuiSpacer size="xs" />
              <ModelEditor
                value={draft.modelText}
                onChange={(modelText) => onChange({ ...draft, modelText })}
              />
            </EuiResizablePanel>
          </>
        )}
      </EuiResizableContainer>
      <EuiHorizontalRule margin="m" />
      <ResultsSection
        run={{ status: run.status, data: run.data, error: run.error, variables: run.variables }}
        queryWritten={draft.query.trim() !== ''}
        demoAvailable={demoAvailable}
        onExpand={expand}
      />
    </>
  );
}
