/**
 * The editor's light theme, in OUI's light palette (the colours of `@elastic/eui`'s
 * `eui_theme_light.json`), so the editor looks like the rest of the app and like OSD's own code
 * editor. Token names are the scopes our languages emit (`keyword.gql`, ...) and Monaco's JSON
 * language's (`string.key.json`, ...); a rule matches a scope and everything below it.
 */
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api';

export const EDITOR_THEME_NAME = 'federationLight';

const OUI = {
  primary: '#006BB4',
  accent: '#DD0A73',
  secondary: '#017D73',
  danger: '#BD271E',
  warningText: '#9B6900',
  darkestShade: '#343741',
  darkShade: '#69707D',
  mediumShade: '#98A2B3',
  lightShade: '#D3DAE6',
  lightestShade: '#F5F7FA',
  emptyShade: '#FFFFFF',
  focusBackground: '#E6F0F8',
  selection: '#E3E4ED',
};

export const EDITOR_THEME: editor.IStandaloneThemeData = {
  base: 'vs',
  inherit: true,
  rules: [
    { token: '', foreground: OUI.darkestShade, background: OUI.emptyShade },
    { token: 'keyword', foreground: OUI.primary, fontStyle: 'bold' },
    { token: 'identifier', foreground: OUI.darkestShade },
    { token: 'string', foreground: OUI.danger },
    { token: 'number', foreground: OUI.accent },
    { token: 'comment', foreground: OUI.darkShade, fontStyle: 'italic' },
    { token: 'operator', foreground: OUI.secondary },
    { token: 'delimiter', foreground: OUI.darkShade },
    { token: 'invalid', foreground: OUI.danger, fontStyle: 'underline' },
    { token: 'string.key.json', foreground: OUI.primary },
    { token: 'string.value.json', foreground: OUI.danger },
    { token: 'number.json', foreground: OUI.accent },
    { token: 'keyword.json', foreground: OUI.secondary },
  ],
  colors: {
    'editor.foreground': OUI.darkestShade,
    'editor.background': OUI.emptyShade,
    'editorLineNumber.foreground': OUI.mediumShade,
    'editorLineNumber.activeForeground': OUI.darkShade,
    'editorIndentGuide.background1': OUI.lightShade,
    'editor.selectionBackground': OUI.selection,
    'editor.lineHighlightBackground': OUI.lightestShade,
    'editor.lineHighlightBorder': OUI.lightestShade,
    'editorCursor.foreground': OUI.darkestShade,
    'editorWidget.background': OUI.lightestShade,
    'editorWidget.border': OUI.lightShade,
    'editorSuggestWidget.selectedBackground': OUI.focusBackground,
    'editorSuggestWidget.highlightForeground': OUI.primary,
    'list.hoverBackground': OUI.lightestShade,
    'list.highlightForeground': OUI.primary,
    'editorError.foreground': OUI.danger,
    'editorWarning.foreground': OUI.warningText,
    'editorBracketMatch.background': OUI.focusBackground,
    'editorBracketMatch.border': OUI.mediumShade,
    focusBorder: OUI.primary,
  },
};
