/**
 * Warnings for `v.p` where the entity of `v` has no property `p` in its indices' mappings (the
 * properties completion offers). The server runs such a query and answers `null` for `p` in every
 * row, which looks like missing data rather than a misspelt name; the editor says so beforehand.
 */
import type { Expression, GqlStatement } from '../../../../../common/gql/ast';
import type { GqlEditorSchema } from '../code_editor_props';
import { walkExpression } from '../../../../../common/gql/expression_walk';
import { toEditorRange, type EditorMarker } from '../editor_range';
import { codeEditorStrings } from '../strings';
import { nodeLabels } from './node_labels';

/** Every document has these, whatever its mapping (see `propertyValue` on the server). */
const METADATA = new Set(['_id', '_index']);

export function unknownPropertyMarkers(
  statement: GqlStatement | null,
  schema: GqlEditorSchema | undefined
): EditorMarker[] {
  if (!statement || !schema) return [];
  const labelsOf = nodeLabels(statement);
  const markers: EditorMarker[] = [];
  const check = (expression: Expression) => {
    if (expression.kind !== 'property' || expression.path.length === 0) return;
    const labels = labelsOf.get(expression.variable.name) ?? [];
    const entities = labels.map((label) =>
      schema.entities.find((entity) => entity.label === label)
    );
    // Only when every label's fields are known: an unknown label is the server's error to report,
    // and an entity whose mappings have not loaded (or failed) has no list to check against.
    if (entities.length === 0) return;
    if (entities.some((entity) => !entity || entity.properties.length === 0)) return;
    const path = expression.path.join('.');
    if (entities.some((entity) => hasProperty(entity!.properties, expression.path))) return;
    markers.push({
      ...toEditorRange(expression.range),
      severity: 'warning',
      message: codeEditorStrings.unknownProperty(
        labels,
        path,
        `${expression.variable.name}.${path}`
      ),
    });
  };
  for (const item of statement.items) walkExpression(item.expression, check);
  if (statement.where) walkExpression(statement.where, check);
  for (const clause of statement.optional ?? []) {
    if (clause.where) walkExpression(clause.where, check);
  }
  for (const item of statement.orderBy) walkExpression(item.expression, check);
  return markers;
}

/**
 * Whether `path` is one of `properties` (dotted, objects listed with their children). A path
 * that goes on below a field with no children is allowed: that may be a multi-field such as
 * `name.keyword`, which mappings have but completion leaves out.
 */
function hasProperty(properties: string[], path: string[]): boolean {
  if (path.length === 1 && METADATA.has(path[0])) return true;
  const known = new Set(properties);
  for (let length = path.length; length > 0; length--) {
    const prefix = path.slice(0, length).join('.');
    if (!known.has(prefix)) continue;
    if (length === path.length) return true;
    return !properties.some((property) => property.startsWith(`${prefix}.`));
  }
  return false;
}
