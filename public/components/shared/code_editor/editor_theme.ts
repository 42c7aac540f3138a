/**
 * The editor's light theme, in OUI's light palette (the colours of `@elastic/eui`'s
 * `eui_theme_light.json`), so the editor looks like the rest of the app and like OSD's own code
 * editor. Token names are the scopes our languages emit (`keyword.gql`, ...) and Monaco's JSON
 * language's (`string.key.json`, ...); a rule matches a scope and everything below it.
 *
 * Text must keep WCAG AA contrast (4.5:1) on every background the editor draws under it: the
 * editor, the current line, the selection and the word, selection and find highlights. OUI's
 * accent colours reach 4.5:1 on white only, so the token colours are OUI's hues darkened just
 * enough, and the highlights are light tints. `editor_theme.test.ts` computes the ratios.
 */
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api';

export const EDITOR_THEME_NAME = 'federationLight';

/** OUI's light palette, as the theme uses it. */
const OUI = {
  primary: '#006BB4',
  darkestShade: '#343741',
  darkShade: '#69707D',
  mediumShade: '#98A2B3',
  lightShade: '#D3DAE6',
  lightestShade: '#F5F7FA',
  emptyShade: '#FFFFFF',
  focusBackground: '#E6F0F8',
  selection: '#E3E4ED',
};

/** Token colours: OUI's primary, accent, secondary and danger hues, darkened to 4.5:1 on tints. */
const TEXT = {
  keyword: '#0061A6',
  number: '#BA0A62',
  operator: '#006E64',
  string: '#BD271E',
  subdued: '#5A606B',
};

/**
 * Highlights drawn under the text. Monaco wants the decorating ones translucent (they must not
 * hide what lies below): OUI primary and warning at low alpha.
 */
const HIGHLIGHT = {
  word: '#006BB41A',
  wordStrong: '#006BB426',
  findMatch: '#F5A70055',
  findOtherMatch: '#F5A70040',
  inactiveSelection: '#E3E4ED80',
};

export const EDITOR_THEME: editor.IStandaloneThemeData = {
  base: 'vs',
  inherit: true,
  rules: [
    { token: '', foreground: OUI.darkestShade, background: OUI.emptyShade },
    { token: 'keyword', foreground: TEXT.keyword, fontStyle: 'bold' },
    { token: 'identifier', foreground: OUI.darkestShade },
    { token: 'string', foreground: TEXT.string },
    { token: 'number', foreground: TEXT.number },
    { token: 'comment', foreground: TEXT.subdued, fontStyle: 'italic' },
    { token: 'operator', foreground: TEXT.operator },
    { token: 'delimiter', foreground: TEXT.subdued },
    { token: 'invalid', foreground: TEXT.string, fontStyle: 'underline' },
    { token: 'string.key.json', foreground: TEXT.keyword },
    { token: 'string.value.json', foreground: TEXT.string },
    { token: 'number.json', foreground: TEXT.number },
    { token: 'keyword.json', foreground: TEXT.operator },
  ],
  colors: {
    'editor.foreground': OUI.darkestShade,
    'editor.background': OUI.emptyShade,
    // Line numbers are text too: OUI's dark shade is the lightest grey with 4.5:1 on white.
    'editorLineNumber.foreground': OUI.darkShade,
    'editorLineNumber.activeForeground': OUI.darkestShade,
    'editorIndentGuide.background1': OUI.lightShade,
    'editor.selectionBackground': OUI.selection,
    'editor.inactiveSelectionBackground': HIGHLIGHT.inactiveSelection,
    'editor.selectionHighlightBackground': HIGHLIGHT.word,
    'editor.wordHighlightBackground': HIGHLIGHT.word,
    'editor.wordHighlightStrongBackground': HIGHLIGHT.wordStrong,
    'editor.wordHighlightTextBackground': HIGHLIGHT.word,
    'editor.hoverHighlightBackground': HIGHLIGHT.word,
    'editor.rangeHighlightBackground': HIGHLIGHT.word,
    'editor.findMatchBackground': HIGHLIGHT.findMatch,
    'editor.findMatchHighlightBackground': HIGHLIGHT.findOtherMatch,
    'editor.symbolHighlightBackground': HIGHLIGHT.findOtherMatch,
    'editor.lineHighlightBackground': OUI.lightestShade,
    'editor.lineHighlightBorder': OUI.lightestShade,
    'editorCursor.foreground': OUI.darkestShade,
    'editorWidget.background': OUI.lightestShade,
    'editorWidget.foreground': OUI.darkestShade,
    'editorWidget.border': OUI.lightShade,
    'editorHoverWidget.background': OUI.lightestShade,
    'editorHoverWidget.foreground': OUI.darkestShade,
    'editorHoverWidget.border': OUI.lightShade,
    // The suggest widget's focused row: Monaco's light default writes it in white (made for a
    // dark blue row); on OUI's light focus tint it must be dark text.
    'editorSuggestWidget.background': OUI.lightestShade,
    'editorSuggestWidget.foreground': OUI.darkestShade,
    'editorSuggestWidget.selectedBackground': OUI.focusBackground,
    'editorSuggestWidget.selectedForeground': OUI.darkestShade,
    'editorSuggestWidget.selectedIconForeground': OUI.darkestShade,
    'editorSuggestWidget.highlightForeground': TEXT.keyword,
    'editorSuggestWidget.focusHighlightForeground': TEXT.keyword,
    'list.activeSelectionBackground': OUI.focusBackground,
    'list.activeSelectionForeground': OUI.darkestShade,
    'list.activeSelectionIconForeground': OUI.darkestShade,
    'list.inactiveSelectionForeground': OUI.darkestShade,
    'list.focusForeground': OUI.darkestShade,
    'list.focusBackground': OUI.focusBackground,
    'list.focusHighlightForeground': TEXT.keyword,
    'quickInputList.focusForeground': OUI.darkestShade,
    'quickInputList.focusBackground': OUI.focusBackground,
    'list.hoverBackground': OUI.lightestShade,
    'list.hoverForeground': OUI.darkestShade,
    'list.highlightForeground': TEXT.keyword,
    'editorError.foreground': TEXT.string,
    'editorWarning.foreground': '#9B6900',
    'editorBracketMatch.background': OUI.focusBackground,
    'editorBracketMatch.border': OUI.mediumShade,
    focusBorder: OUI.primary,
  },
};
