import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeEditor } from './code_editor';

/** A parent that owns the text, as screens do. */
function Harness({ onSubmit }: { onSubmit: () => void }) {
  const [value, setValue] = useState('SELECT');
  return (
    <CodeEditor
      languageId="gql"
      value={value}
      onChange={setValue}
      ariaLabel="GQL query"
      onSubmit={onSubmit}
      dataTestSubj="federationTestEditor"
    />
  );
}

// jsdom cannot run Monaco: the ui project swaps `monaco_editor` for a textarea with the same
// props, and this checks the lazy wrapper loads that swap and passes the props through.
describe('CodeEditor', () => {
  it('loads the editor lazily with its label, test subject, text and Ctrl+Enter', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const editor = await screen.findByRole('textbox', { name: 'GQL query' });
    expect(editor.getAttribute('data-test-subj')).toBe('federationTestEditor');
    expect((editor as HTMLTextAreaElement).value).toBe('SELECT');

    await userEvent.type(editor, ' a');
    expect((editor as HTMLTextAreaElement).value).toBe('SELECT a');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('keeps the text editable and says why when the editor cannot be loaded', async () => {
    // A fresh module graph: the lazy editor is loaded once per page.
    vi.resetModules();
    const features = await import('./monaco_features');
    features.provideMonacoFeatures(() => Promise.reject(new Error('chunk-ABC.js is gone')));
    const { CodeEditor: FreshEditor } = await import('./code_editor');
    const onChange = vi.fn();
    const onSubmit = vi.fn();
    render(
      <FreshEditor
        languageId="json"
        value="{}"
        onChange={onChange}
        ariaLabel="Request body"
        onSubmit={onSubmit}
      />
    );
    const callout = await screen.findByText('The code editor could not be loaded');
    expect(
      callout.closest('[data-test-subj="federationCodeEditorLoadFailed"]')?.textContent
    ).toContain('chunk-ABC.js is gone');
    const textArea = screen.getByRole('textbox', { name: 'Request body' });
    await userEvent.type(textArea, ' ');
    expect(onChange).toHaveBeenLastCalledWith('{} ');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
