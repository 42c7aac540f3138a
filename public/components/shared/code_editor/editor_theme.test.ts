import { describe, expect, it } from 'vitest';
import { EDITOR_THEME } from './editor_theme';

/** WCAG 2's relative luminance of an opaque `#RRGGBB`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `#RRGGBB` or `#RRGGBBAA` drawn over an opaque `under`, as the browser blends it. */
function over(colour: string, under: string): string {
  const alpha = colour.length === 9 ? parseInt(colour.slice(7, 9), 16) / 255 : 1;
  const channels = [1, 3, 5].map((i) =>
    Math.round(
      parseInt(colour.slice(i, i + 2), 16) * alpha +
        parseInt(under.slice(i, i + 2), 16) * (1 - alpha)
    )
  );
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

const colours = EDITOR_THEME.colors;
const colour = (key: string): string => {
  const value = colours[key];
  if (!value) throw new Error(`The theme sets no ${key}`);
  expect(value).toMatch(/^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/);
  return value;
};

const AA = 4.5;
const editorBackground = colour('editor.background');
const currentLine = colour('editor.lineHighlightBackground');

/** Every background the editor may draw under text, over the editor and over the current line. */
const textBackgrounds: Array<[string, string]> = [
  ['editor.background', editorBackground],
  ['editor.lineHighlightBackground', currentLine],
  ...[
    'editor.selectionBackground',
    'editor.inactiveSelectionBackground',
    'editor.selectionHighlightBackground',
    'editor.wordHighlightBackground',
    'editor.wordHighlightStrongBackground',
    'editor.wordHighlightTextBackground',
    'editor.hoverHighlightBackground',
    'editor.rangeHighlightBackground',
    'editor.findMatchBackground',
    'editor.findMatchHighlightBackground',
    'editor.symbolHighlightBackground',
    'editorBracketMatch.background',
  ].flatMap((key): Array<[string, string]> => [
    [`${key} over the editor`, over(colour(key), editorBackground)],
    [`${key} over the current line`, over(colour(key), currentLine)],
  ]),
];

describe('editor theme contrast (WCAG AA, 4.5:1)', () => {
  const tokenColours = [
    ...new Set([
      colour('editor.foreground'),
      ...EDITOR_THEME.rules.flatMap((rule) => (rule.foreground ? [rule.foreground] : [])),
    ]),
  ];

  it('has token colours to check', () => {
    expect(tokenColours.length).toBeGreaterThan(5);
  });

  it.each(tokenColours)('token colour %s is readable on every text background', (token) => {
    const below = textBackgrounds
      .map(([name, background]) => ({ name, ratio: contrast(token, background) }))
      .filter(({ ratio }) => ratio < AA)
      .map(({ name, ratio }) => `${name}: ${ratio.toFixed(2)}`);
    expect(below).toEqual([]);
  });

  it.each([
    ['editorLineNumber.foreground', 'editor.background'],
    ['editorLineNumber.foreground', 'editor.lineHighlightBackground'],
    ['editorLineNumber.activeForeground', 'editor.lineHighlightBackground'],
    ['editorSuggestWidget.foreground', 'editorSuggestWidget.background'],
    ['editorSuggestWidget.highlightForeground', 'editorSuggestWidget.background'],
    ['editorSuggestWidget.selectedForeground', 'editorSuggestWidget.selectedBackground'],
    ['editorSuggestWidget.focusHighlightForeground', 'editorSuggestWidget.selectedBackground'],
    ['list.activeSelectionForeground', 'list.activeSelectionBackground'],
    ['list.focusForeground', 'list.focusBackground'],
    ['list.focusHighlightForeground', 'list.focusBackground'],
    ['quickInputList.focusForeground', 'quickInputList.focusBackground'],
    ['list.hoverForeground', 'list.hoverBackground'],
    ['list.highlightForeground', 'list.hoverBackground'],
    ['editorHoverWidget.foreground', 'editorHoverWidget.background'],
    ['editorWidget.foreground', 'editorWidget.background'],
  ])('%s on %s', (foreground, background) => {
    const ratio = contrast(colour(foreground), over(colour(background), editorBackground));
    expect(ratio).toBeGreaterThanOrEqual(AA);
  });

  it('computes ratios as WCAG does', () => {
    expect(contrast('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrast('#FFFFFF', '#FFFFFF')).toBeCloseTo(1, 5);
    expect(over('#00000080', '#FFFFFF')).toBe('#7F7F7F');
  });
});
