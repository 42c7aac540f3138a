import { EuiButton, EuiCallOut } from '@elastic/eui';
import { useMemo } from 'react';
import { readFormModel, writeFormModel } from './form_model';
import { ModelForm } from './model_form';
import { strings } from './strings';

/**
 * The form over the model's text: it reads the text on every change (so edits in the JSON view
 * show here) and, when the text is not a model the form can show, says why and offers the JSON.
 */
export function ModelFormView({
  text,
  onChange,
  onShowJson,
}: {
  text: string;
  onChange: (text: string) => void;
  onShowJson: () => void;
}) {
  const read = useMemo(() => readFormModel(text), [text]);
  if (read.ok) {
    return <ModelForm model={read.model} onChange={(model) => onChange(writeFormModel(model))} />;
  }
  return (
    <EuiCallOut
      title={strings.invalidJsonTitle}
      color="warning"
      iconType="alert"
      role="alert"
      data-test-subj="federationModelEditorInvalid"
    >
      {read.kind === 'json' ? (
        <p>{strings.notJson(read.message)}</p>
      ) : (
        <>
          <p>{strings.notModelShape}</p>
          <ul>
            {read.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </>
      )}
      <EuiButton size="s" onClick={onShowJson} data-test-subj="federationModelEditorBackToJson">
        {strings.backToJson}
      </EuiButton>
    </EuiCallOut>
  );
}
