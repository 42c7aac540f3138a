import { CONFLICT_TYPE, type IndexField } from './mapping_fields';
import { fieldCheckMessages } from './strings';

/** Families of field types whose values compare equal across the two sides of a join. */
export type KeyKind =
  'integer' | 'decimal' | 'keyword' | 'text' | 'date' | 'ip' | 'boolean' | 'other';

const KINDS: Record<string, KeyKind> = {
  long: 'integer',
  integer: 'integer',
  short: 'integer',
  byte: 'integer',
  unsigned_long: 'integer',
  double: 'decimal',
  float: 'decimal',
  half_float: 'decimal',
  scaled_float: 'decimal',
  keyword: 'keyword',
  constant_keyword: 'keyword',
  wildcard: 'keyword',
  text: 'text',
  match_only_text: 'text',
  date: 'date',
  date_nanos: 'date',
  ip: 'ip',
  boolean: 'boolean',
};

export function keyKindOf(type: string): KeyKind {
  return KINDS[type] ?? 'other';
}

export interface JoinFieldIssue {
  /** `error`: the server will refuse the join; `warning`: it runs but likely matches nothing. */
  severity: 'error' | 'warning';
  kind: 'textKey' | 'virtualNotInteger' | 'typeMismatch' | 'typeConflict' | 'unknownField';
  message: string;
}

/**
 * What is wrong with joining `parent` on `child`, judged from the two mappings: a `text` key (no
 * doc values), a virtual child whose key is not an integer (spec §8.2.6: joins with virtual
 * indices take integer keys only), types of different families, or a pattern whose indices map
 * the field differently. An unknown field (typed by hand) is only noted.
 */
export function checkJoinFields(
  parentFieldName: string,
  childFieldName: string,
  parentFields: readonly IndexField[],
  childFields: readonly IndexField[],
  childVirtual: boolean
): JoinFieldIssue[] {
  const issues: JoinFieldIssue[] = [];
  const parent = parentFields.find((f) => f.name === parentFieldName);
  const child = childFields.find((f) => f.name === childFieldName);
  const sides = [
    { name: parentFieldName, field: parent, fields: parentFields, side: 'parent' as const },
    { name: childFieldName, field: child, fields: childFields, side: 'child' as const },
  ];
  for (const { name, field, fields, side } of sides) {
    if (name === '') continue;
    if (field === undefined) {
      if (fields.length > 0) {
        issues.push({
          severity: 'warning',
          kind: 'unknownField',
          message: fieldCheckMessages.unknownField(side, name),
        });
      }
      continue;
    }
    if (field.type === CONFLICT_TYPE) {
      issues.push({
        severity: 'warning',
        kind: 'typeConflict',
        message: fieldCheckMessages.typeConflict(side, name, field.types.join(', ')),
      });
    } else if (keyKindOf(field.type) === 'text') {
      const keyword = fields.find(
        (f) => f.name.startsWith(`${name}.`) && keyKindOf(f.type) === 'keyword'
      );
      issues.push({
        severity: 'error',
        kind: 'textKey',
        message: fieldCheckMessages.textKey(side, name, keyword?.name),
      });
    }
  }
  if (childVirtual) {
    const notInteger = [
      child && keyKindOf(child.type) !== 'integer' ? child : undefined,
      parent && keyKindOf(parent.type) !== 'integer' ? parent : undefined,
    ].filter((f): f is IndexField => f !== undefined && f.type !== CONFLICT_TYPE);
    if (notInteger.length > 0) {
      issues.push({
        severity: 'error',
        kind: 'virtualNotInteger',
        message: fieldCheckMessages.virtualNotInteger(
          notInteger.map((f) => `${f.name} (${f.type})`).join(', ')
        ),
      });
      return issues;
    }
  }
  if (parent && child && parent.type !== CONFLICT_TYPE && child.type !== CONFLICT_TYPE) {
    const parentKind = keyKindOf(parent.type);
    const childKind = keyKindOf(child.type);
    if (parentKind !== childKind && parentKind !== 'text' && childKind !== 'text') {
      issues.push({
        severity: 'warning',
        kind: 'typeMismatch',
        message: fieldCheckMessages.typeMismatch(parent.name, parent.type, child.name, child.type),
      });
    }
  }
  return issues;
}

export interface JoinPairSuggestion {
  parentField: string;
  childField: string;
}

/**
 * Would these two fields make likely join keys, free of the issues above? Identifiers are
 * integers or keywords; two dates or two numbers of the same name rarely mean a relation.
 */
function likelyKeys(parent: IndexField, child: IndexField, childVirtual: boolean): boolean {
  const parentKind = keyKindOf(parent.type);
  if (parentKind !== keyKindOf(child.type)) return false;
  if (childVirtual) return parentKind === 'integer';
  return parentKind === 'integer' || parentKind === 'keyword';
}

/** Singular-ish bases of an index name's words: `shop-companies` → `shop`, `compan`. */
function stems(indexName: string): string[] {
  return indexName
    .toLowerCase()
    .split(/[^a-z]+/)
    .map((word) => word.replace(/(ies|s)$/, ''))
    .filter((word) => word.length >= 3);
}

/**
 * Likely join pairs from the two mappings, best first: a child field that names the parent
 * (`company_id` for `companies.id`), a field of the same name on both sides, or a child `*_id`
 * against the parent's `id`. Only pairs of integer or keyword fields of one family are offered.
 */
export function suggestJoinPairs(
  parentIndex: string,
  parentFields: readonly IndexField[],
  childFields: readonly IndexField[],
  childVirtual: boolean,
  limit = 4
): JoinPairSuggestion[] {
  const parentStems = stems(parentIndex);
  const scored: Array<JoinPairSuggestion & { score: number }> = [];
  for (const parent of parentFields) {
    for (const child of childFields) {
      if (!likelyKeys(parent, child, childVirtual)) continue;
      const childName = child.name.toLowerCase();
      const parentName = parent.name.toLowerCase();
      let score = 0;
      const namesParent = parentStems.some((s) => childName.startsWith(s));
      if (parentName === 'id' && namesParent && childName.endsWith('id')) score = 4;
      if (score === 0 && childName === parentName) score = parentName.endsWith('id') ? 3 : 2;
      if (score === 0 && parentName === 'id' && childName.endsWith('_id')) score = 1;
      if (score > 0) scored.push({ parentField: parent.name, childField: child.name, score });
    }
  }
  return scored
    .sort((a, b) => b.score - a.score || a.childField.localeCompare(b.childField))
    .slice(0, limit)
    .map(({ parentField, childField }) => ({ parentField, childField }));
}
