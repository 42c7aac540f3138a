/**
 * JSON where Monaco's JSON language is missing (inside OSD, whose shared Monaco has only the bare
 * API): highlighting from a small Monarch grammar, brackets and quotes, and markers from the
 * editor's own checks (`json_markers.ts`: syntax, then the editor's JSON schema). It has its own
 * id so it never replaces a `json` language another OSD plugin may have registered.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api';
import type { Disposable } from '../shared_registration';

export const JSON_FALLBACK_LANGUAGE_ID = 'federation-json';

const STRING = /"(?:[^"\\]|\\.)*"/;

export function registerJsonFallbackLanguage(): Disposable[] {
  if (
    !monaco.languages.getLanguages().some((language) => language.id === JSON_FALLBACK_LANGUAGE_ID)
  ) {
    monaco.languages.register({ id: JSON_FALLBACK_LANGUAGE_ID, aliases: ['JSON'] });
  }
  return [
    monaco.languages.setLanguageConfiguration(JSON_FALLBACK_LANGUAGE_ID, {
      brackets: [
        ['{', '}'],
        ['[', ']'],
      ],
      autoClosingPairs: [
        { open: '{', close: '}', notIn: ['string'] },
        { open: '[', close: ']', notIn: ['string'] },
        { open: '"', close: '"', notIn: ['string'] },
      ],
      surroundingPairs: [
        { open: '{', close: '}' },
        { open: '[', close: ']' },
        { open: '"', close: '"' },
      ],
    }),
    monaco.languages.setMonarchTokensProvider(JSON_FALLBACK_LANGUAGE_ID, {
      tokenPostfix: '.json',
      tokenizer: {
        root: [
          [/[{}[\],:]/, 'delimiter'],
          // A string followed by `:` is a property name.
          [new RegExp(`${STRING.source}(?=\\s*:)`), 'string.key'],
          [STRING, 'string.value'],
          [/"(?:[^"\\]|\\.)*$/, 'invalid'],
          [/-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/, 'number'],
          [/\b(?:true|false|null)\b/, 'keyword'],
          [/\s+/, 'white'],
          [/./, 'invalid'],
        ],
      },
    }),
  ];
}
