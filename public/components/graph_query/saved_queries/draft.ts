/** The open draft (GQL text and model text) as the saved-query actions read it. */
import type { SavedQuerySource } from '../../../../common/saved_query_types';
import { parseModelText } from '../model_text';
import { strings } from './strings';

export interface Draft {
  query: string;
  modelText: string;
}

/**
 * The model to save, or why the draft cannot be saved: the route stores a JSON object, so text
 * that is not one is refused here, with the reason, before anything is sent.
 */
export function modelToSave(
  draft: Draft
): { ok: true; model: Record<string, unknown> } | { ok: false; message: string } {
  const parsed = parseModelText(draft.modelText);
  if (parsed.ok) return { ok: true, model: parsed.model };
  if (parsed.problem === 'empty') return { ok: false, message: strings.modelEmpty };
  if (parsed.problem === 'not_object') return { ok: false, message: strings.modelNotObject };
  return { ok: false, message: strings.modelSyntax(parsed.detail ?? '') };
}

/** Whether the draft differs from what is saved: the query text, or the model as JSON. */
export function draftDiffers(draft: Draft, saved: SavedQuerySource): boolean {
  if (draft.query !== saved.query) return true;
  const parsed = parseModelText(draft.modelText);
  return !parsed.ok || !sameJson(parsed.model, saved.model);
}

/** Deep equality of JSON values; key order does not matter. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every(
      (key) => key in bRecord && sameJson((a as Record<string, unknown>)[key], bRecord[key])
    )
  );
}
