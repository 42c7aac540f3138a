import type { ScalarValue } from './field_predicate';
import type { FieldMapping, OpenSearchFields } from './opensearch_fields';
import { leafDsl, type LeafPredicate } from './predicate_split';

/** Integer types: a `term` or `range` with any number compares exactly (1.5 matches no long). */
const INTEGER_TYPES = new Set(['long', 'integer', 'short', 'byte', 'unsigned_long']);
/**
 * Only `double` among the decimals: `float`, `half_float` and `scaled_float` store a rounded value,
 * so a term would match numbers that differ from the `_source` the caller compares.
 */
const DECIMAL_TYPES = new Set(['double']);
const DATE_TYPES = new Set(['date', 'date_nanos']);
/** The ISO 8601 forms `strict_date_optional_time` reads; other date text stays with the caller. */
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(T\d{2}(:\d{2}(:\d{2}([.,]\d{1,9})?)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;
const DATE_FORMAT = 'strict_date_optional_time';
/** A canonical IPv4 address: the only IP text whose `term` equals the `_source` text exactly. */
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * The query DSL of a leaf when OpenSearch evaluates it exactly as the predicate means it (see
 * field_predicate.ts), else null: the caller then evaluates it on the fetched documents.
 * Term-level queries are exact on keyword (without a normalizer), integer, double, date, boolean
 * and IPv4 values of matching JSON types; a text field is read through its `.keyword` subfield.
 * Unmapped fields stay with the caller, since `_source` may hold what the mapping does not index.
 */
export async function pushOpenSearchLeaf(
  leaf: LeafPredicate,
  fields: OpenSearchFields
): Promise<unknown | null> {
  const { field } = leaf;
  if (field === '_id') return idLeaf(leaf);
  let mapping = await fields.mapping(field);
  let target = field;
  if (mapping.type === 'text') {
    target = `${field}.keyword`;
    mapping = await fields.mapping(target);
    if (mapping.type !== 'keyword') return null;
  }
  if (mapping.type === null || mapping.type === 'conflict' || mapping.alias) return null;
  return pushable(leaf, mapping) ? leafDsl(leaf, target, dateFormatOf(mapping)) : null;
}

function dateFormatOf(mapping: FieldMapping): string | undefined {
  return DATE_TYPES.has(mapping.type!) ? DATE_FORMAT : undefined;
}

function pushable(leaf: LeafPredicate, mapping: FieldMapping): boolean {
  const type = mapping.type!;
  if (type === 'keyword') return keywordPushable(leaf, mapping);
  if (leaf.kind === 'exists') return true;
  if (leaf.kind === 'prefix') return false;
  const values = leaf.kind === 'in' ? leaf.values : [leaf.value];
  const ordered = leaf.kind === 'compare' && !['=', '<>'].includes(leaf.operator);
  if (INTEGER_TYPES.has(type) || DECIMAL_TYPES.has(type))
    return values.every((v) => typeof v === 'number' && Number.isFinite(v));
  if (DATE_TYPES.has(type)) return values.every((v) => typeof v === 'string' && ISO_DATE.test(v));
  if (type === 'boolean') return !ordered && values.every((v) => typeof v === 'boolean');
  if (type === 'ip') return !ordered && values.every((v) => typeof v === 'string' && IPV4.test(v));
  return false;
}

/**
 * Keyword terms compare exactly, with two limits: values longer than `ignore_above` are not
 * indexed (only `=` and `in` with values short enough stay exact: a long value equals none of
 * them anyway), and `range` orders UTF-8 bytes, which agrees with UTF-16 code units as long as
 * the bound holds no unit from U+D800 up.
 */
function keywordPushable(leaf: LeafPredicate, mapping: FieldMapping): boolean {
  if (mapping.normalized) return false;
  const values: ScalarValue[] =
    leaf.kind === 'in' ? leaf.values : leaf.kind === 'exists' ? [] : [leaf.value];
  if (!values.every((v) => typeof v === 'string')) return false;
  const equality = leaf.kind === 'in' || (leaf.kind === 'compare' && leaf.operator === '=');
  if (mapping.ignoreAbove !== null) {
    return equality && values.every((v) => (v as string).length <= mapping.ignoreAbove!);
  }
  if (leaf.kind === 'compare' && !equality && leaf.operator !== '<>') {
    return !/[\ud800-\uffff]/.test(leaf.value as string);
  }
  return true;
}

/** `_id`: equality through `ids`; every document has one. */
function idLeaf(leaf: LeafPredicate): unknown | null {
  if (leaf.kind === 'exists') return { match_all: {} };
  if (leaf.kind === 'in') {
    return leaf.values.every((v) => typeof v === 'string')
      ? { ids: { values: leaf.values } }
      : null;
  }
  if (leaf.kind !== 'compare' || typeof leaf.value !== 'string') return null;
  if (leaf.operator === '=') return { ids: { values: [leaf.value] } };
  if (leaf.operator === '<>') return { bool: { must_not: [{ ids: { values: [leaf.value] } }] } };
  return null;
}
