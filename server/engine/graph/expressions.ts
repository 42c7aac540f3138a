/**
 * GQL expressions over bound documents: reading a property, evaluating WHERE, and turning the
 * single-variable parts of WHERE into backend filters. The semantics are those of
 * backends/field_predicate.ts, so a condition means the same whether a backend or this code
 * evaluates it.
 */
import { DateTime } from 'luxon';
import type { Expression } from '../../../common/gql/ast';
import type { BackendDocument } from '../backends/backend';
import type { FieldPredicate, ScalarValue } from '../backends/field_predicate';
import { FederationError } from '../errors';
import { walkExpression } from '../../../common/gql/expression_walk';
import { at } from './query_errors';

/** One document per node id; undefined for nodes not bound yet. */
export type Binding = ReadonlyArray<BackendDocument | undefined>;

/** Whether a node's field holds dates (string literals then compare as instants). */
export type DateFields = (node: number, field: string) => boolean;

export function fieldName(path: readonly string[]): string {
  return path.join('.');
}

/**
 * A field's value as `SELECT v.p` shows it: the value as stored (an array stays an array), the
 * values of every object of an array of objects, or null when missing. Dotted names match
 * nested objects and literal dotted keys alike, as in OpenSearch's `_source`. A node an OPTIONAL
 * MATCH left unbound (`doc` undefined) has no properties: null, as in Cypher.
 */
export function propertyValue(doc: BackendDocument | undefined, path: readonly string[]): unknown {
  if (doc === undefined) return null;
  if (path.length === 1) {
    const name = path[0];
    if (name === '_id') return doc._id;
    if (name === '_index') return doc._index;
    // The common case: a top-level field, read directly.
    if (Object.prototype.hasOwnProperty.call(doc._source, name)) return doc._source[name] ?? null;
  }
  const found: unknown[] = [];
  collect(doc._source, path, 0, found, false);
  if (found.length === 0) return null;
  return found.length === 1 ? found[0] : found;
}

/** The scalar values of a field (arrays flattened, nulls dropped): what conditions compare. */
export function scalarValues(doc: BackendDocument | undefined, path: readonly string[]): unknown[] {
  if (doc === undefined) return [];
  if (path.length === 1 && path[0] === '_id') return [doc._id];
  if (path.length === 1 && path[0] === '_index') return [doc._index];
  if (path.length === 1) {
    // The usual case, a top-level scalar, without the walk below (the hot loops of joins in
    // memory and of the shortest step read one field of every document).
    const source = doc._source as Record<string, unknown> | null;
    if (typeof source === 'object' && source !== null && !Array.isArray(source)) {
      const value = Object.prototype.hasOwnProperty.call(source, path[0])
        ? source[path[0]]
        : undefined;
      if (value === null || value === undefined) return [];
      if (typeof value !== 'object') return [value];
    }
  }
  const found: unknown[] = [];
  collect(doc._source, path, 0, found, true);
  return found.filter((v) => v !== null && v !== undefined && typeof v !== 'object');
}

/** Every non-null value of a field, objects included: what `IS NULL` and `COUNT(v.p)` see. */
export function presentValues(
  doc: BackendDocument | undefined,
  path: readonly string[]
): unknown[] {
  if (doc === undefined) return [];
  if (path.length === 1 && (path[0] === '_id' || path[0] === '_index')) return [doc[path[0]]];
  const found: unknown[] = [];
  collect(doc._source, path, 0, found, true);
  return found.filter((v) => v !== null && v !== undefined);
}

function collect(
  value: unknown,
  path: readonly string[],
  i: number,
  out: unknown[],
  flatten: boolean
): void {
  if (value === undefined) return;
  if (i === path.length) {
    if (flatten && Array.isArray(value)) value.forEach((v) => collect(v, path, i, out, flatten));
    else out.push(value);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v) => collect(v, path, i, out, flatten));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const object = value as Record<string, unknown>;
  for (let j = path.length; j > i; j--) {
    const key = path.slice(i, j).join('.');
    if (Object.prototype.hasOwnProperty.call(object, key))
      collect(object[key], path, j, out, flatten);
  }
}

/** A key that equal values share across backends (5, 5.0 and "5" alike, as `term` matches them). */
export function joinKey(value: unknown): string | null {
  if (value === null || value === undefined || typeof value === 'object') return null;
  return String(value);
}

/** The variables (node ids) an expression reads. */
export function nodesOf(
  expression: Expression,
  variables: ReadonlyMap<string, number>
): Set<number> {
  const nodes = new Set<number>();
  walkExpression(expression, (e) => {
    if (e.kind === 'property' || e.kind === 'variable') nodes.add(variables.get(e.variable.name)!);
  });
  return nodes;
}

/** `a AND b AND c` as [a, b, c]. */
export function conjuncts(expression: Expression | undefined): Expression[] {
  if (expression === undefined) return [];
  if (expression.kind === 'and')
    return [...conjuncts(expression.left), ...conjuncts(expression.right)];
  return [expression];
}

const FLIPPED = { '=': '=', '<>': '<>', '<': '>', '<=': '>=', '>': '<', '>=': '<=' } as const;

/** The backend form of a single-variable condition, or null when it has no such form. */
export function toFieldPredicate(expression: Expression): FieldPredicate | null {
  switch (expression.kind) {
    case 'comparison': {
      const { left, right } = expression;
      if (left.kind === 'property' && isScalar(right)) {
        return {
          kind: 'compare',
          field: fieldName(left.path),
          operator: expression.operator,
          value: right.value,
        };
      }
      if (right.kind === 'property' && isScalar(left)) {
        return {
          kind: 'compare',
          field: fieldName(right.path),
          operator: FLIPPED[expression.operator],
          value: left.value,
        };
      }
      return null;
    }
    case 'in': {
      if (expression.operand.kind !== 'property' || expression.list.kind !== 'list') return null;
      const values = expression.list.items.filter(isScalar).map((item) => item.value);
      const predicate: FieldPredicate = {
        kind: 'in',
        field: fieldName(expression.operand.path),
        values,
      };
      return expression.negated ? { kind: 'not', operand: predicate } : predicate;
    }
    case 'isNull': {
      if (expression.operand.kind !== 'property') return null;
      const exists: FieldPredicate = { kind: 'exists', field: fieldName(expression.operand.path) };
      return expression.negated ? exists : { kind: 'not', operand: exists };
    }
    case 'startsWith': {
      const { operand, prefix } = expression;
      if (
        operand.kind !== 'property' ||
        prefix.kind !== 'literal' ||
        typeof prefix.value !== 'string'
      )
        return null;
      return { kind: 'prefix', field: fieldName(operand.path), value: prefix.value };
    }
    case 'and':
    case 'or': {
      const left = toFieldPredicate(expression.left);
      const right = toFieldPredicate(expression.right);
      return left && right ? { kind: expression.kind, operands: [left, right] } : null;
    }
    case 'not': {
      const operand = toFieldPredicate(expression.operand);
      return operand ? { kind: 'not', operand } : null;
    }
    default:
      return null;
  }
}

function isScalar(
  e: Expression
): e is Extract<Expression, { kind: 'literal' }> & { value: ScalarValue } {
  return e.kind === 'literal' && e.value !== null;
}

/** The format a string compared with a date field is read in (OpenSearch's default for dates). */
const DATE_LITERAL_FORMAT = 'strict_date_optional_time||epoch_millis';

/**
 * Refuses a string compared with a date field (`=`, `<>`, `<`, ..., `IN`) that is no date, as
 * OpenSearch refuses it in a `range` or `term` (a 400 `parse_exception` naming the value). Decided
 * here, before any backend sees the condition, so an OpenSearch entity and a virtual-index entity
 * answer the same: SQL would just match nothing, and evaluated here the comparison would be false.
 */
export function assertDateLiterals(
  expression: Expression,
  variables: ReadonlyMap<string, number>,
  isDate: DateFields
): void {
  const dateField = (e: Expression) =>
    e.kind === 'property' && isDate(variables.get(e.variable.name)!, fieldName(e.path));
  const check = (e: Expression, field: Expression) => {
    if (e.kind !== 'literal' || typeof e.value !== 'string' || toMillis(e.value) !== null) return;
    const name = field.kind === 'property' ? `${field.variable.name}.${fieldName(field.path)}` : '';
    throw new FederationError(
      400,
      'parse_exception',
      `failed to parse date field [${e.value}] with format [${DATE_LITERAL_FORMAT}]: ${at(e.range)}, compared with the date field [${name}]`
    );
  };
  walkExpression(expression, (e) => {
    if (e.kind === 'comparison') {
      if (dateField(e.left)) check(e.right, e.left);
      if (dateField(e.right)) check(e.left, e.right);
    }
    if (e.kind === 'in' && dateField(e.operand) && e.list.kind === 'list')
      e.list.items.forEach((item) => check(item, e.operand));
  });
}

/**
 * Evaluates a WHERE condition on a binding (every node it reads is bound, or null where an
 * OPTIONAL MATCH found nothing). Two-valued: a comparison with a missing side is false, and NOT
 * negates that.
 */
export function evaluateCondition(
  expression: Expression,
  binding: Binding,
  variables: ReadonlyMap<string, number>,
  isDate: DateFields
): boolean {
  const values = (e: Expression): { values: unknown[]; date: boolean } => {
    if (e.kind === 'property') {
      const node = variables.get(e.variable.name)!;
      return {
        values: scalarValues(binding[node], e.path),
        date: isDate(node, fieldName(e.path)),
      };
    }
    if (e.kind === 'literal') return { values: e.value === null ? [] : [e.value], date: false };
    if (e.kind === 'list')
      return { values: e.items.flatMap((item) => values(item).values), date: false };
    if (e.kind === 'variable') {
      // A node an OPTIONAL MATCH left unbound is null: no value.
      const doc = binding[variables.get(e.variable.name)!];
      return { values: doc === undefined ? [] : [doc._id], date: false };
    }
    return { values: [evaluate(e)], date: false };
  };
  const evaluate = (e: Expression): boolean => {
    switch (e.kind) {
      case 'and':
        return evaluate(e.left) && evaluate(e.right);
      case 'or':
        return evaluate(e.left) || evaluate(e.right);
      case 'not':
        return !evaluate(e.operand);
      case 'comparison': {
        const left = values(e.left);
        const right = values(e.right);
        const date = left.date || right.date;
        const operator = e.operator;
        if (operator === '<>') {
          return (
            left.values.length > 0 &&
            right.values.length > 0 &&
            !left.values.some((l) => right.values.some((r) => compareValues(l, r, date) === 0))
          );
        }
        return left.values.some((l) =>
          right.values.some((r) => {
            const c = compareValues(l, r, date);
            return c !== null && holds(operator, c);
          })
        );
      }
      case 'in': {
        const operand = values(e.operand);
        const list = values(e.list);
        const found = operand.values.some((v) =>
          list.values.some((l) => compareValues(v, l, operand.date) === 0)
        );
        return e.negated ? !found : found;
      }
      case 'isNull': {
        // An object is a value too, as OpenSearch's `exists` finds an object field.
        const missing =
          e.operand.kind === 'property'
            ? presentValues(binding[variables.get(e.operand.variable.name)!], e.operand.path)
                .length === 0
            : values(e.operand).values.length === 0;
        return e.negated ? !missing : missing;
      }
      case 'startsWith': {
        const prefixes = values(e.prefix).values.filter((p): p is string => typeof p === 'string');
        return values(e.operand).values.some(
          (v) => typeof v === 'string' && prefixes.some((p) => v.startsWith(p))
        );
      }
      case 'literal':
        return e.value === true;
      case 'property':
        return values(e).values.some((v) => v === true);
      default:
        return false;
    }
  };
  return evaluate(expression);
}

function holds(operator: '=' | '<' | '<=' | '>' | '>=', c: number): boolean {
  switch (operator) {
    case '=':
      return c === 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
  }
}

/**
 * Orders two scalars: numbers numerically (a numeric string counts as its number, as `term`
 * matches it), strings by UTF-16 code units, booleans false < true, dates as instants when
 * `date`; null when they cannot be compared.
 */
export function compareValues(a: unknown, b: unknown, date = false): number | null {
  if (date) {
    const x = toMillis(a);
    const y = toMillis(b);
    return x === null || y === null ? null : Math.sign(x - y);
  }
  if (typeof a === typeof b) {
    if (typeof a === 'number') return Math.sign(a - (b as number));
    if (typeof a === 'string') return a < (b as string) ? -1 : a > (b as string) ? 1 : 0;
    if (typeof a === 'boolean') return Number(a) - Number(b as boolean);
    return null;
  }
  const numeric = (v: unknown) =>
    typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  const x = numeric(a);
  const y = numeric(b);
  if (!Number.isNaN(x) && !Number.isNaN(y) && (typeof a === 'number' || typeof b === 'number'))
    return Math.sign(x - y);
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const s = (v: unknown) => String(v);
    return s(a) === s(b) ? 0 : null;
  }
  return null;
}

/**
 * A date as OpenSearch's default format reads it (`strict_date_optional_time||epoch_millis`):
 * ISO text, in UTC unless it names a zone, else epoch milliseconds.
 */
export function toMillis(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return null;
  const iso = DateTime.fromISO(value, { zone: 'utc', setZone: true });
  if (iso.isValid && !/^-?\d{5,}$/.test(value)) return iso.toMillis();
  return /^-?\d+$/.test(value) ? Number(value) : null;
}
