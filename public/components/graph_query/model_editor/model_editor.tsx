import { EuiButtonGroup, EuiSpacer } from '@elastic/eui';
import { useState } from 'react';
import {
  GRAPH_MODEL_JSON_SCHEMA_URI,
  graphModelJsonSchema,
} from '../../../../common/graph/graph_model_schema';
import { CodeEditor } from '../../shared/code_editor/code_editor';
import { ModelFormView } from './model_form_view';
import { strings } from './strings';

type View = 'json' | 'form';

// One object for the app's lifetime: the editor registers the schema once, not on every render.
const JSON_SCHEMA = { uri: GRAPH_MODEL_JSON_SCHEMA_URI, schema: graphModelJsonSchema };

const VIEW_OPTIONS = [
  { id: 'json', label: strings.jsonView, 'data-test-subj': 'federationModelEditorViewJson' },
  { id: 'form', label: strings.formView, 'data-test-subj': 'federationModelEditorViewForm' },
];

/**
 * The graph model, edited as JSON (completed and checked against the model's JSON schema) or as
 * a form of entities and relations that offers the cluster's index names and fields. Both views
 * edit the same text: the form writes its changes back as JSON.
 */
export function ModelEditor({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const [view, setView] = useState<View>('json');
  return (
    <div data-test-subj="federationModelEditor">
      <EuiButtonGroup
        legend={strings.viewLegend}
        options={VIEW_OPTIONS}
        idSelected={view}
        onChange={(id) => setView(id === 'form' ? 'form' : 'json')}
        buttonSize="compressed"
        data-test-subj="federationModelEditorView"
      />
      <EuiSpacer size="s" />
      {view === 'json' ? (
        <CodeEditor
          languageId="json"
          value={value}
          onChange={onChange}
          ariaLabel={strings.jsonEditorAriaLabel}
          jsonSchema={JSON_SCHEMA}
          height={320}
          dataTestSubj="federationModelEditorJson"
        />
      ) : (
        <ModelFormView text={value} onChange={onChange} onShowJson={() => setView('json')} />
      )}
    </div>
  );
}
