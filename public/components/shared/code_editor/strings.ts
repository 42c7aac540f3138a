import { translate } from '../../../i18n';

export const codeEditorStrings = {
  /** The Ctrl/Cmd+Enter action, as listed in the editor's context menu and command palette. */
  submitAction: translate('federation.codeEditor.submitAction', {
    defaultMessage: 'Run',
  }),
  /** Names the spinner shown while Monaco loads, after the editor it stands for. */
  loading: (editorLabel: string) =>
    translate('federation.codeEditor.loading', {
      defaultMessage: 'Loading the editor: {editorLabel}',
      values: { editorLabel },
    }),
  loadFailedTitle: translate('federation.codeEditor.loadFailedTitle', {
    defaultMessage: 'The code editor could not be loaded',
  }),
  loadFailedBody: (reason: string) =>
    translate('federation.codeEditor.loadFailedBody', {
      defaultMessage:
        'You can still edit the text below, without highlighting, completion or checks. Reload the page to try again. ({reason})',
      values: { reason },
    }),
};
