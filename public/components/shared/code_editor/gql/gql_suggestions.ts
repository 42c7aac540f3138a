/**
 * What GQL completion offers at the caret, as plain data (the Monaco glue maps it to completion
 * items). The shared `completionContext` says what the grammar accepts there; the editor's
 * `GqlEditorSchema` fills in the names: graphs after FROM, entity labels after `(v:`, relation
 * labels after `-[e:`, and after `v.` the properties of the entity `v` is bound to.
 */
import type { SourceRange } from '../../../../../common/gql/ast';
import { completionContext, type GqlCompletionContext } from '../../../../../common/gql/completion';
import { gqlTokens } from '../../../../../common/gql/highlight';
import { parseGql } from '../../../../../common/gql/parse';
import { SourceText } from '../../../../../common/gql/source_text';
import { GQL_KEYWORDS } from '../../../../../common/gql/tokens';
import type { GqlEditorSchema } from '../code_editor_props';
import { toEditorRange, type EditorRange } from '../editor_range';
import { gqlDoubleQuoted, gqlName, gqlVariable } from './gql_names';
import { nodeLabels } from './node_labels';

export type GqlSuggestionKind =
  'keyword' | 'graph' | 'label' | 'relation' | 'property' | 'variable';

export interface GqlSuggestion {
  label: string;
  kind: GqlSuggestionKind;
  /** The text that replaces `range` (what is typed of the word is part of it). */
  insertText: string;
  /** Shown beside the label, e.g. `Person → Company` for a relation. */
  detail?: string;
  range: EditorRange;
}

const KEYWORDS = new Set<string>(GQL_KEYWORDS);
/** Keywords only ever followed by one other: offer the pair. */
const KEYWORD_PAIRS: Record<string, string> = {
  ORDER: 'ORDER BY',
  STARTS: 'STARTS WITH',
  OPTIONAL: 'OPTIONAL MATCH',
};

export function gqlSuggestions(
  text: string,
  offset: number,
  schema: GqlEditorSchema | undefined
): GqlSuggestion[] {
  const context = completionContext(text, offset);
  if (context.expected.length === 0) return [];
  const caret = Math.max(0, Math.min(offset, text.length));
  const range = singleLine(context.prefix.range, text, caret);
  const item = (kind: GqlSuggestionKind, label: string, insertText: string, detail?: string) => ({
    kind,
    label,
    insertText,
    range,
    ...(detail === undefined ? {} : { detail }),
  });

  if (context.label === 'node') {
    return (schema?.entities ?? []).map((entity) =>
      item('label', entity.label, gqlName(entity.label))
    );
  }
  if (context.label === 'edge') {
    return (schema?.relations ?? []).map((relation) =>
      item('relation', relation.label, gqlName(relation.label), `${relation.from} → ${relation.to}`)
    );
  }
  if (context.variable !== undefined) {
    return propertyNames(text, context, schema).map((name) =>
      item('property', name, name.split('.').map(gqlName).join('.'))
    );
  }
  if (context.mapKey) {
    // `(c:Company {country: 'FR'})`: a key is one property name (a dotted one quoted whole).
    const { variable, labels } = context.mapKey;
    const named = labels.length > 0 ? labels : variableLabels(text, variable);
    return entityProperties(named, '', schema).map((name) => item('property', name, gqlName(name)));
  }
  if (context.expected.includes('double-quoted string') && followsFrom(text, context)) {
    const stringRange = singleLine(stringTokenAt(text, caret) ?? context.prefix.range, text, caret);
    return (schema?.graphs ?? []).map((graph) => ({
      ...item('graph', graph, gqlDoubleQuoted(graph)),
      range: stringRange,
    }));
  }

  const suggestions: GqlSuggestion[] = [];
  for (const expected of context.expected) {
    if (!KEYWORDS.has(expected)) continue;
    const words = KEYWORD_PAIRS[expected] ?? expected;
    suggestions.push(item('keyword', words, words));
  }
  if (context.expected.includes('identifier')) {
    for (const variable of context.variables) {
      suggestions.push(item('variable', variable, gqlVariable(variable)));
    }
  }
  return suggestions;
}

/**
 * The properties of the entity bound to `v`, below the path already written (`v.address.` offers
 * `city` of `address.city`). Dotted names are offered whole: `v.address.city` is valid GQL.
 */
function propertyNames(
  text: string,
  context: GqlCompletionContext,
  schema: GqlEditorSchema | undefined
): string[] {
  // Every label of the node (`(x:Student) (y:Professor)` is one node with both): the same
  // properties the editor's warnings accept (`unknown_properties.ts`).
  const labels = variableLabels(text, context.variable);
  return entityProperties(labels, (context.path ?? []).join('.'), schema);
}

function variableLabels(text: string, variable: string | undefined): string[] {
  if (variable === undefined) return [];
  return nodeLabels(parseGql(text).statement).get(variable) ?? [];
}

/** The properties of entities `labels`, below `written` (a dotted path, or empty). */
function entityProperties(
  labels: string[],
  written: string,
  schema: GqlEditorSchema | undefined
): string[] {
  const names = new Set<string>();
  for (const entity of schema?.entities ?? []) {
    if (!labels.includes(entity.label)) continue;
    for (const property of entity.properties) {
      if (written === '') names.add(property);
      else if (property.startsWith(`${written}.`)) names.add(property.slice(written.length + 1));
    }
  }
  return [...names];
}

/** A double-quoted string is expected after FROM (graph name) and after WHERE in a node (query). */
function followsFrom(text: string, context: GqlCompletionContext): boolean {
  const before = gqlTokens(text).filter(
    (token) =>
      token.range.end <= context.prefix.range.start &&
      token.kind !== 'comment' &&
      token.kind !== 'invalid'
  );
  const previous = before[before.length - 1];
  return previous?.kind === 'keyword' && previous.text.toUpperCase() === 'FROM';
}

/** The whole string token the caret is in (`"gr|aph"`), so a graph name replaces both quotes. */
function stringTokenAt(text: string, caret: number): SourceRange | undefined {
  return gqlTokens(text).find(
    (token) =>
      token.kind === 'string' &&
      token.text.startsWith('"') &&
      token.range.start < caret &&
      caret <= token.range.end
  )?.range;
}

/**
 * Monaco replaces only within the caret's line: a range that spans lines (an unterminated or
 * multi-line string) is cut to the caret's line.
 */
function singleLine(range: SourceRange, text: string, caret: number): EditorRange {
  const editorRange = toEditorRange(range);
  if (editorRange.startLineNumber === editorRange.endLineNumber) return editorRange;
  const at = new SourceText(text).position(caret);
  const startsBefore = editorRange.startLineNumber < at.line;
  const endsAfter = editorRange.endLineNumber > at.line;
  return {
    startLineNumber: at.line,
    startColumn: startsBefore ? 1 : editorRange.startColumn,
    endLineNumber: at.line,
    endColumn: endsAfter ? at.column : editorRange.endColumn,
  };
}
