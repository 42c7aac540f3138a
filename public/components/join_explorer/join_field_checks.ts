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

/** The key kinds a join between OpenSearch and a virtual index can take (docs/api/interface.md §8.2.6). */
const CROSS_BACKEND_KEYS = new Set<KeyKind>(['integer', 'keyword']);

export interface JoinFieldIssue {
  /** `error`: the server will refuse the join; `warning`: it runs but likely matches nothing. */
  severity: 'error' | 'warning';
  kind: 'textKey' | 'virtualKeyType' | 'typeMismatch' | 'typeConflict' | 'unknownField';
  message: string;
}

/**
 * What is wrong with joining `parent` on `child`, judged from the two mappings: a `text` key (no
 * doc values), a virtual-child join on a key that is neither an integer nor a keyword (spec
 * §8.2.6: across backends, integer keys or keyword keys against SQL string and UUID columns),
 * types of different families, or a pattern whose indices map
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
    const unjoinable = [child, parent].filter(
      (f): f is IndexField =>
        f !== undefined && f.type !== CONFLICT_TYPE && !CROSS_BACKEND_KEYS.has(keyKindOf(f.type))
    );
    if (unjoinable.length > 0) {
      issues.push({
        severity: 'error',
        kind: 'virtualKeyType',
        message: fieldCheckMessages.virtualKeyType(
          unjoinable.map((f) => `${f.name} (${f.type})`).join(', ')
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
