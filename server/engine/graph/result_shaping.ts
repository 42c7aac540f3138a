/**
 * From bindings to the response's rows: item values, implicit grouping with aggregates,
 * DISTINCT, ORDER BY, OFFSET/LIMIT, and the row cap (`truncated`, never a silent cut). Memory is
 * bounded by the settings, never by the input: OFFSET + LIMIT is at most maxResultWindow
 * (checked when the query is bound); without ORDER BY rows stream and stop at offset + the rows
 * wanted; with ORDER BY a bounded heap keeps the best of them (DISTINCT deduplicates inside it);
 * groups are at most maxGraphGroups and DISTINCT aggregate values maxGraphAggregateValues.
 * Every loop spends from the query's WorkBudget and yields PAUSE when its slice is used.
 */
import type { Expression, GqlStatement } from '../../../common/gql/ast';
import { badRequest } from '../errors';
import { nextTurn, type WorkBudget } from '../work_budget';
import { accumulator, DistinctValues, type Accumulator } from './aggregate_accumulators';
import { compareValues, propertyValue, scalarValues, type Binding } from './expressions';
import type { PathValues } from './path_values';
import { TopRows } from './top_rows';

export interface ShapedRows {
  rows: unknown[][];
  truncated: boolean;
}

export interface ShapingLimits {
  /** Most rows in a response (setting maxGraphRows). */
  maxRows: number;
  /** Most groups of an aggregate query (setting maxGraphGroups). */
  maxGroups: number;
  /** Most values all DISTINCT aggregates hold together (setting maxGraphAggregateValues). */
  maxAggregateValues: number;
  /**
   * The query's budget: loops spend from it and yield PAUSE when its slice is used; the async
   * consumer's pause throws the 504 at the deadline and the 499 when the caller left. Without
   * one (tests, small inputs) nothing pauses.
   */
  budget?: WorkBudget;
  /** How items naming a path (`p`, `length(p)`, `nodes(p)`) are read; absent without paths. */
  paths?: PathValues;
}

/**
 * OFFSET + LIMIT (OFFSET alone without LIMIT) bounded as OpenSearch bounds from + size
 * (`index.max_result_window`): rows up to the offset are produced and held before any is
 * answered, so a huge OFFSET would hold the host's memory. Checked when the query is bound,
 * before anything is read (EXPLAIN says it too).
 */
export function checkResultWindow(statement: GqlStatement, maxResultWindow: number): void {
  const offset = statement.offset?.value ?? 0;
  const window = offset + (statement.limit?.value ?? 0);
  if (window <= maxResultWindow) return;
  throw badRequest(
    `Result window is too large, OFFSET + LIMIT must be less than or equal to: [${maxResultWindow}] but was [${window}]. Narrow the pattern, or page with ORDER BY and a WHERE condition on the last value seen; this limit is the setting maxResultWindow (index.max_result_window).`
  );
}

type Value = unknown;

function itemValue(
  expression: Expression,
  binding: Binding,
  variables: ReadonlyMap<string, number>,
  paths?: PathValues
): Value {
  if (paths?.reads(expression)) return paths.reader(expression)(binding);
  if (expression.kind === 'property')
    return propertyValue(binding[variables.get(expression.variable.name)!], expression.path);
  if (expression.kind === 'variable') {
    // Null where an OPTIONAL MATCH found nothing.
    const doc = binding[variables.get(expression.variable.name)!];
    return doc === undefined ? null : { _index: doc._index, _id: doc._id, _source: doc._source };
  }
  if (expression.kind === 'literal') return expression.value;
  throw badRequest(`only properties (v.p), variables (v), literals and aggregates can be selected`);
}

const isAggregate = (e: Expression) => e.kind === 'aggregate';

/** An item's value as a function of the binding, resolved once per query rather than per row. */
function itemReader(
  expression: Expression,
  variables: ReadonlyMap<string, number>,
  paths?: PathValues
): (binding: Binding) => Value {
  if (paths?.reads(expression)) return paths.reader(expression);
  if (expression.kind === 'property') {
    const node = variables.get(expression.variable.name)!;
    const path = expression.path;
    return (binding) => propertyValue(binding[node], path);
  }
  return (binding) => itemValue(expression, binding, variables);
}

/**
 * Yielded by a binding source between bindings when the caller should let the event loop run
 * (a long assembly must not freeze the host); a consumer that cannot wait just skips it.
 */
export const PAUSE: unique symbol = Symbol('pause');
export type Pause = typeof PAUSE;

type ShapedRow = { row: Value[]; keys: Value[] };

/** Shapes every binding at once (tests, small inputs): pauses are ignored. */
export function shapeRows(
  statement: GqlStatement,
  bindings: Iterable<Binding | Pause>,
  variables: ReadonlyMap<string, number>,
  limits: ShapingLimits
): ShapedRows {
  const core = shapeCore(statement, bindings, variables, limits);
  for (let step = core.next(); ; step = core.next()) if (step.done) return step.value;
}

/** Shapes the bindings, letting the event loop run at every pause of the source. */
export async function shapeRowsAsync(
  statement: GqlStatement,
  bindings: Iterable<Binding | Pause>,
  variables: ReadonlyMap<string, number>,
  limits: ShapingLimits
): Promise<ShapedRows> {
  const core = shapeCore(statement, bindings, variables, limits);
  for (let step = core.next(); ; step = core.next()) {
    if (step.done) return step.value;
    if (limits.budget) await limits.budget.pause();
    else await nextTurn();
  }
}

function* shapeCore(
  statement: GqlStatement,
  bindings: Iterable<Binding | Pause>,
  variables: ReadonlyMap<string, number>,
  limits: ShapingLimits
): Generator<Pause, ShapedRows> {
  const offset = statement.offset?.value ?? 0;
  const limit = statement.limit?.value;
  // One row past the cap tells that the answer was cut.
  const wanted = Math.min(limit ?? Infinity, limits.maxRows + 1);
  const grouped = statement.items.some((item) => isAggregate(item.expression));
  const ordered = statement.orderBy.length > 0;
  const source = grouped
    ? groupRows(statement, bindings, variables, limits)
    : plainRows(statement, bindings, variables, limits);
  let rows: ShapedRow[] = [];
  if (ordered) {
    // The first offset+wanted rows in ORDER BY order; DISTINCT rows are made one in the heap.
    const descending = statement.orderBy.map((o) => o.descending);
    const top = new TopRows<ShapedRow>(offset + wanted, (a, b) =>
      compareKeys(a.keys, b.keys, descending)
    );
    const distinct = statement.distinct && !grouped;
    for (const row of source) {
      if (row === PAUSE) {
        yield PAUSE;
        continue;
      }
      top.offer(row, distinct ? JSON.stringify(row.row) : undefined);
    }
    rows = top.sorted();
  } else {
    for (const row of source) {
      if (row === PAUSE) {
        yield PAUSE;
        continue;
      }
      rows.push(row);
      if (rows.length >= offset + wanted) break;
    }
  }
  const page = rows.slice(offset, offset + wanted).map((r) => r.row);
  const truncated = page.length > limits.maxRows;
  return { rows: truncated ? page.slice(0, limits.maxRows) : page, truncated };
}

/** Rows of a query without aggregates, with their ORDER BY keys; DISTINCT drops repeats. */
function* plainRows(
  statement: GqlStatement,
  bindings: Iterable<Binding | Pause>,
  variables: ReadonlyMap<string, number>,
  limits: ShapingLimits
): Generator<ShapedRow | Pause> {
  // Without ORDER BY the consumer stops after offset + the rows wanted, which bounds this set;
  // with ORDER BY, DISTINCT is applied in the bounded heap instead.
  const seen = statement.distinct && statement.orderBy.length === 0 ? new Set<string>() : null;
  const readers = statement.items.map((item) =>
    itemReader(item.expression, variables, limits.paths)
  );
  const noKeys: Value[] = [];
  const budget = limits.budget;
  for (const binding of bindings) {
    if (binding === PAUSE) {
      yield PAUSE;
      continue;
    }
    if (budget?.spend()) yield PAUSE;
    const row = new Array<Value>(readers.length);
    for (let i = 0; i < readers.length; i++) row[i] = readers[i](binding);
    if (seen) {
      const key = JSON.stringify(row);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    const keys =
      statement.orderBy.length === 0
        ? noKeys
        : statement.orderBy.map((o) => {
            const i = statement.items.findIndex((item) => item.text === o.text);
            if (i >= 0) return sortValue(row[i], o.descending);
            if (o.expression.kind === 'property') {
              return sortValue(
                scalarValues(
                  binding[variables.get(o.expression.variable.name)!],
                  o.expression.path
                ),
                o.descending
              );
            }
            throw badRequest(
              `line ${o.range.line}, column ${o.range.column}: ORDER BY takes a property (v.p) or a selected item`
            );
          });
    yield { row, keys };
  }
}

/** Rows of a query with aggregates: one per distinct combination of the other items. */
function* groupRows(
  statement: GqlStatement,
  bindings: Iterable<Binding | Pause>,
  variables: ReadonlyMap<string, number>,
  limits: ShapingLimits
): Generator<ShapedRow | Pause> {
  const groups = new Map<string, { values: Value[]; accumulators: Accumulator[] }>();
  const aggregates = statement.items.map((item) =>
    item.expression.kind === 'aggregate' ? item.expression : null
  );
  const distinctValues = new DistinctValues(limits.maxAggregateValues);
  const budget = limits.budget;
  for (const binding of bindings) {
    if (binding === PAUSE) {
      yield PAUSE;
      continue;
    }
    if (budget?.spend()) yield PAUSE;
    const values = statement.items.map((item, i) =>
      aggregates[i] ? null : itemValue(item.expression, binding, variables, limits.paths)
    );
    const key = JSON.stringify(values);
    let group = groups.get(key);
    if (!group) {
      if (groups.size >= limits.maxGroups) {
        throw badRequest(
          `the query makes more than ${limits.maxGroups} groups (setting maxGraphGroups); narrow the pattern, group by fewer items, or raise the setting maxGraphGroups`
        );
      }
      group = {
        values,
        accumulators: aggregates.map((a) =>
          a ? accumulator(a, variables, distinctValues) : null!
        ),
      };
      groups.set(key, group);
    }
    group.accumulators.forEach((acc) => acc?.add(binding));
  }
  const hasGroupItems = aggregates.some((a) => a === null);
  if (groups.size === 0 && !hasGroupItems) {
    // No match and nothing to group by: one row, as SQL answers COUNT(*) over nothing.
    const empty = aggregates.map((a) => accumulator(a!, variables, distinctValues).result());
    yield { row: empty, keys: orderKeys(statement, empty) };
    return;
  }
  for (const group of groups.values()) {
    if (budget?.spend()) yield PAUSE;
    const row = group.values.map((v, i) => (aggregates[i] ? group.accumulators[i].result() : v));
    yield { row, keys: orderKeys(statement, row) };
  }
}

function orderKeys(statement: GqlStatement, row: Value[]): Value[] {
  return statement.orderBy.map((o) => {
    const i = statement.items.findIndex((item) => item.text === o.text);
    if (i < 0) {
      throw badRequest(
        `line ${o.range.line}, column ${o.range.column}: with aggregates, ORDER BY takes a selected item; [${o.text}] is not one`
      );
    }
    return sortValue(row[i], o.descending);
  });
}

/** Arrays sort by their smallest value ascending and largest descending, as OpenSearch sorts. */
function sortValue(value: Value, descending: boolean): Value {
  const values = Array.isArray(value)
    ? value.filter((v) => v !== null && typeof v !== 'object')
    : [value];
  if (values.length === 0 || values[0] === null || values[0] === undefined) return null;
  return values.reduce((a, b) => {
    const c = compareValues(a, b) ?? 0;
    return descending ? (c >= 0 ? a : b) : c <= 0 ? a : b;
  });
}

/** Type rank for values that cannot be compared directly: numbers, strings, booleans, others. */
function rank(v: Value): number {
  return typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : typeof v === 'boolean' ? 2 : 3;
}

function compareKeys(a: Value[], b: Value[], descending: boolean[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === null || y === null) {
      if (x === y) continue;
      return x === null ? 1 : -1; // Missing values last, in both directions.
    }
    let c = compareValues(x, y);
    if (c === null) c = rank(x) - rank(y) || (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1);
    if (c !== 0) return descending[i] ? -c : c;
  }
  return 0;
}
