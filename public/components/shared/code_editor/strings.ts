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
  /**
   * How to use the editor from the keyboard, read after its name: Tab indents there, so say how
   * to move on (`tab_exit.ts`). A read-only editor has nothing to indent, but the way out is the
   * same.
   */
  keyboardHelp: (readOnly: boolean) =>
    readOnly
      ? translate('federation.codeEditor.keyboardHelpReadOnly', {
          defaultMessage: 'To move focus out of the editor, press Escape, then Tab.',
        })
      : translate('federation.codeEditor.keyboardHelp', {
          defaultMessage: 'Tab indents. To move focus out of the editor, press Escape, then Tab.',
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
  /**
   * A warning on `v.p` when the entity of `v` has no property `p` (the server answers null).
   * `labels` are the node's entity labels (usually one).
   */
  unknownProperty: (labels: string[], property: string, expression: string) =>
    labels.length === 1
      ? translate('federation.codeEditor.unknownProperty', {
          defaultMessage: '{entity} has no property {property}: {expression} is null in every row',
          values: { entity: labels[0], property, expression },
        })
      : translate('federation.codeEditor.unknownPropertyOfLabels', {
          defaultMessage:
            '{entities} have no property {property}: {expression} is null in every row',
          values: { entities: labels.join(' and '), property, expression },
        }),
};
