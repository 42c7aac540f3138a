import { keyKindOf } from './join_field_checks';
import type { IndexField } from './mapping_fields';

/** A pair of fields that may join, and how strongly their names and types say so. */
export interface JoinPairCandidate {
  parentField: string;
  childField: string;
  /** From the names alone; 0: only the types fit (offered only if sampled values meet). */
  nameScore: number;
}

/**
 * Name evidence, strongest first. A field that names the other side's index and ends in `id`
 * (`company_id` against `companies.id`, in either direction) is how most schemas spell a
 * reference; `<index>_<field>` (`company_code` against `companies.code`) likewise.
 */
export const NAME_SCORES = {
  referencesIndex: 5,
  prefixedByIndex: 4,
  sameIdName: 3,
  sameName: 2,
  anyIdToId: 1,
  typesOnly: 0,
} as const;

/**
 * Would these two fields make join keys at all? Identifiers are integers or keywords of one
 * family (two dates or doubles rarely mean a relation), with an OpenSearch or a virtual child
 * alike (docs/api/interface.md §8.2.6).
 */
export function keysCompatible(parent: IndexField, child: IndexField) {
  const kind = keyKindOf(parent.type);
  if (kind !== keyKindOf(child.type)) return false;
  return kind === 'integer' || kind === 'keyword';
}

/** Singular-ish bases of an index name's words: `shop-companies` → `shop`, `compan`. */
export function indexStems(indexName: string): string[] {
  return indexName
    .toLowerCase()
    .split(/[^a-z]+/)
    .map((word) => word.replace(/(ies|es|s)$/, ''))
    .filter((word) => word.length >= 3);
}

/** `id`, `parent_id`, `order.id`, `pid`: a name that says it holds an identifier. */
const isIdLike = (name: string) => /(^|[_.-])id$/.test(name) || /^[a-z]{1,2}id$/.test(name);

/** Does `field` start with one of the other index's stems and end with `suffix` (`_id`, `_code`)? */
function namesIndex(field: string, stems: string[], suffix: string): boolean {
  return stems.some((stem) => field.startsWith(stem) && field.endsWith(suffix));
}

/** How strongly the names of `parent` and `child` say they join (see NAME_SCORES). */
export function nameScore(
  parentName: string,
  childName: string,
  parentStems: string[],
  childStems: string[]
): number {
  const p = parentName.toLowerCase();
  const c = childName.toLowerCase();
  // The last segment of a dotted path is the field's own name (`customer.id` → `id`).
  const pLeaf = p.split('.').at(-1) ?? p;
  const cLeaf = c.split('.').at(-1) ?? c;
  if (
    (pLeaf === 'id' && namesIndex(cLeaf, parentStems, 'id')) ||
    (cLeaf === 'id' && namesIndex(pLeaf, childStems, 'id'))
  ) {
    return NAME_SCORES.referencesIndex;
  }
  if (
    (pLeaf.length >= 2 && namesIndex(cLeaf, parentStems, `_${pLeaf}`)) ||
    (cLeaf.length >= 2 && namesIndex(pLeaf, childStems, `_${cLeaf}`))
  ) {
    return NAME_SCORES.prefixedByIndex;
  }
  if (p === c) return isIdLike(p) ? NAME_SCORES.sameIdName : NAME_SCORES.sameName;
  if ((pLeaf === 'id' && c.endsWith('_id')) || (cLeaf === 'id' && p.endsWith('_id'))) {
    return NAME_SCORES.anyIdToId;
  }
  return NAME_SCORES.typesOnly;
}

/**
 * The pairs worth a look, best named first: every type-compatible pair whose names relate, and
 * pairs of two id-like fields (`pid`, `parent_id`) whose names do not, which only values can
 * confirm. At most `limit` (each one is sampled).
 */
export function joinPairCandidates(
  parentIndex: string,
  childIndex: string,
  parentFields: readonly IndexField[],
  childFields: readonly IndexField[],
  limit: number
): JoinPairCandidate[] {
  const parentStems = indexStems(parentIndex);
  const childStems = indexStems(childIndex);
  const candidates: JoinPairCandidate[] = [];
  for (const parent of parentFields) {
    for (const child of childFields) {
      if (!keysCompatible(parent, child)) continue;
      const score = nameScore(parent.name, child.name, parentStems, childStems);
      const bothIdLike = isIdLike(parent.name.toLowerCase()) && isIdLike(child.name.toLowerCase());
      if (score > NAME_SCORES.typesOnly || bothIdLike) {
        candidates.push({ parentField: parent.name, childField: child.name, nameScore: score });
      }
    }
  }
  return candidates
    .sort(
      (a, b) =>
        b.nameScore - a.nameScore ||
        a.parentField.localeCompare(b.parentField) ||
        a.childField.localeCompare(b.childField)
    )
    .slice(0, limit);
}
