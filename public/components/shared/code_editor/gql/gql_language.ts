/**
 * The GQL language in Monaco: highlighting from the shared lexer (`gql_line_tokens.ts`),
 * brackets and quotes, and completion from the shared grammar (`gql_suggestions.ts`) with the
 * names of the editor's own `gqlSchema`. Error markers are per editor (`model_markers.ts`).
 */
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api';
import type { GqlEditorSchema } from '../code_editor_props';
import type { Disposable } from '../shared_registration';
import { GQL_INITIAL_STATE, tokenizeGqlLine, type GqlLineState } from './gql_line_tokens';
import { gqlSuggestions, type GqlSuggestionKind } from './gql_suggestions';

export const GQL_LANGUAGE_ID = 'gql';

const PAIRS: Array<[string, string]> = [
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
];
const QUOTES = ["'", '"', '`'];

const COMPLETION_KINDS: Record<GqlSuggestionKind, monaco.languages.CompletionItemKind> = {
  keyword: monaco.languages.CompletionItemKind.Keyword,
  graph: monaco.languages.CompletionItemKind.Module,
  label: monaco.languages.CompletionItemKind.Class,
  relation: monaco.languages.CompletionItemKind.Interface,
  property: monaco.languages.CompletionItemKind.Field,
  variable: monaco.languages.CompletionItemKind.Variable,
};

/**
 * Registers the language; `schemaOf(modelUri)` gives the schema of the editor that owns a model,
 * read at each completion request so it is always that editor's latest `gqlSchema`.
 */
export function registerGqlLanguage(
  schemaOf: (modelUri: string) => GqlEditorSchema | undefined
): Disposable[] {
  if (!monaco.languages.getLanguages().some((language) => language.id === GQL_LANGUAGE_ID)) {
    monaco.languages.register({ id: GQL_LANGUAGE_ID, aliases: ['GQL'] });
  }
  return [
    monaco.languages.setLanguageConfiguration(GQL_LANGUAGE_ID, {
      comments: { lineComment: '--', blockComment: ['/*', '*/'] },
      brackets: PAIRS,
      autoClosingPairs: [
        ...PAIRS.map(([open, close]) => ({ open, close })),
        ...QUOTES.map((quote) => ({ open: quote, close: quote, notIn: ['string', 'comment'] })),
      ],
      surroundingPairs: [...PAIRS, ...QUOTES.map((quote): [string, string] => [quote, quote])].map(
        ([open, close]) => ({ open, close })
      ),
    }),
    monaco.languages.setTokensProvider(GQL_LANGUAGE_ID, {
      getInitialState: () => GQL_INITIAL_STATE,
      tokenize: (line, state) => tokenizeGqlLine(line, state as GqlLineState),
    }),
    monaco.languages.registerCompletionItemProvider(GQL_LANGUAGE_ID, {
      triggerCharacters: ['.', ':', '"', '`'],
      provideCompletionItems(model, position) {
        const suggestions = gqlSuggestions(
          model.getValue(),
          model.getOffsetAt(position),
          schemaOf(model.uri.toString())
        );
        return {
          suggestions: suggestions.map((suggestion, index) => ({
            label: suggestion.label,
            kind: COMPLETION_KINDS[suggestion.kind],
            insertText: suggestion.insertText,
            // Typed text is matched against the inserted form: `"inv` against `"investments"`.
            filterText: suggestion.insertText,
            // The grammar's order (e.g. WHERE before ORDER BY), not the alphabet's.
            sortText: String(index).padStart(4, '0'),
            range: suggestion.range,
            ...(suggestion.detail === undefined ? {} : { detail: suggestion.detail }),
          })),
        };
      },
    }),
  ];
}
