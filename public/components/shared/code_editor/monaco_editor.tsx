import type { CodeEditorProps } from './code_editor_props';

/** Placeholder until the Monaco implementation lands: a plain textarea with the same props. */
export default function MonacoEditor({
  value,
  onChange,
  ariaLabel,
  readOnly,
  dataTestSubj,
}: CodeEditorProps) {
  return (
    <textarea
      aria-label={ariaLabel}
      data-test-subj={dataTestSubj}
      value={value}
      readOnly={readOnly}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
