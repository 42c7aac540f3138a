import type { CodeEditorProps } from '../components/shared/code_editor/code_editor_props';

/**
 * Stands in for the Monaco editor in jsdom component tests (Monaco needs a real layout engine and
 * workers); the browser tests run the real editor. Same props, same test subject, plain textarea.
 */
export default function TextareaEditor({
  value,
  onChange,
  ariaLabel,
  readOnly,
  onSubmit,
  dataTestSubj,
}: CodeEditorProps) {
  return (
    <textarea
      aria-label={ariaLabel}
      data-test-subj={dataTestSubj}
      value={value}
      readOnly={readOnly}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) onSubmit?.();
      }}
    />
  );
}
