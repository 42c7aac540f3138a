import type { GraphDocument } from '../../../services/api/graph_api';

/** A whole variable's cell (`SELECT v`): `{_index, _id, _source}`. */
export function isGraphDocument(value: unknown): value is GraphDocument {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { _index, _id, _source } = value as Record<string, unknown>;
  return (
    typeof _index === 'string' &&
    typeof _id === 'string' &&
    typeof _source === 'object' &&
    _source !== null
  );
}

/** Identifies a document across rows and variables: `index/id`. */
export function documentKey(document: GraphDocument): string {
  return `${document._index}/${document._id}`;
}

/** Fields that usually name a document, tried in order for its caption. */
const CAPTION_FIELDS = ['name', 'title', 'label', 'investor'];

/** A short name for a document: its first naming field, else its id. */
export function documentCaption(document: GraphDocument): string {
  for (const field of CAPTION_FIELDS) {
    const value = document._source[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return document._id;
}

/** How a cell sorts: numbers as numbers, documents by their key, the rest by their text. */
export function cellSortValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value;
  if (isGraphDocument(value)) return documentKey(value);
  return JSON.stringify(value) ?? null;
}

/** A cell as one line of text (arrays comma-separated, objects as JSON). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.map((item) => (item === null ? 'null' : String(item))).join(', ');
  }
  return JSON.stringify(value) ?? '';
}
