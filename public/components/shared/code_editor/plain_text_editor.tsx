import { EuiCallOut, EuiSpacer, EuiTextArea } from '@elastic/eui';
import { editorHeight, type CodeEditorProps } from './code_editor_props';
import { codeEditorStrings } from './strings';

/**
 * What the editor falls back to when Monaco's code could not be loaded (e.g. the server was
 * updated and the old chunk is gone): the text stays editable, without highlighting or help, and
 * the user is told why and what to do.
 */
export function PlainTextEditor({
  value,
  onChange,
  ariaLabel,
  readOnly,
  onSubmit,
  dataTestSubj,
  height,
  reason,
}: CodeEditorProps & { reason: string }) {
  return (
    <>
      <EuiCallOut
        size="s"
        color="warning"
        iconType="alert"
        title={codeEditorStrings.loadFailedTitle}
        data-test-subj="federationCodeEditorLoadFailed"
      >
        <p>{codeEditorStrings.loadFailedBody(reason)}</p>
      </EuiCallOut>
      <EuiSpacer size="xs" />
      <EuiTextArea
        fullWidth
        aria-label={ariaLabel}
        data-test-subj={dataTestSubj}
        value={value}
        readOnly={readOnly}
        style={{ fontFamily: 'monospace', height: editorHeight(height) }}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && onSubmit) {
            event.preventDefault();
            onSubmit();
          }
        }}
      />
    </>
  );
}
