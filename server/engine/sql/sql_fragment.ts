/**
 * SQL text assembled from pieces whose bound values are numbered only when the whole statement
 * is rendered, walking it left to right: the one way every statement of the engine is written
 * (query conditions, aggregations, whole statements). MySQL and SQLite number their `?`
 * placeholders by position, and statements are not built in text order (an aggregation statement
 * is built inside out, its innermost SELECT holding the search's WHERE ends up in the middle;
 * a `bool` query translates clauses it may then leave out): numbering values while building would
 * put them out of order or keep values the text no longer has.
 */
import { FederationError } from '../errors';

export type SqlFragment = string | BoundValue | LazySql | ParameterBudget | readonly SqlFragment[];

interface BoundValue {
  readonly kind: 'value';
  readonly value: unknown;
  /** Wraps the placeholder, e.g. in a CAST that fixes the type the database would infer. */
  readonly wrap?: (placeholder: string) => string;
}

interface LazySql {
  readonly kind: 'lazy';
  /** Builds the piece when the statement is rendered (parts added after it was placed). */
  readonly build: () => SqlFragment;
}

/** A check, at its place in the text, that the next `needed` values still fit the statement. */
interface ParameterBudget {
  readonly kind: 'budget';
  readonly needed: number;
  /** What needs them, for the 400 (`[terms] query on [k] with 3000 values`). */
  readonly part: string;
}

/** How one database numbers parameters and how many one statement may bind. */
export interface ParameterStyle {
  /** The database's name for people (`PostgreSQL`, `MySQL/MariaDB`). */
  readonly displayName: string;
  /** The placeholder of the 1-based parameter `index`: `$1`, `?`, `@p1`. */
  placeholder(index: number): string;
  readonly maxParameters: number;
}

/** A rendered statement: its text and the values of its placeholders, in order. */
export interface Statement {
  sql: string;
  params: unknown[];
}

export function bound(value: unknown, wrap?: (placeholder: string) => string): BoundValue {
  return { kind: 'value', value, wrap };
}

export function lazy(build: () => SqlFragment): LazySql {
  return { kind: 'lazy', build };
}

export function parameterBudget(needed: number, part: string): ParameterBudget {
  return { kind: 'budget', needed, part };
}

/** A template literal of SQL text and fragments: sql`SELECT ${expr} FROM t`. */
export function sql(strings: TemplateStringsArray, ...parts: SqlFragment[]): SqlFragment[] {
  const out: SqlFragment[] = [];
  strings.forEach((text, i) => {
    if (text) out.push(text);
    if (i < parts.length) out.push(parts[i]);
  });
  return out;
}

export function joinSql(parts: readonly SqlFragment[], separator: string): SqlFragment[] {
  const out: SqlFragment[] = [];
  parts.forEach((part, i) => {
    if (i > 0) out.push(separator);
    out.push(part);
  });
  return out;
}

/**
 * The statement's text and its values, numbered in the order they appear. A statement never
 * binds more values than its database accepts: past the limit it is a 400, not a statement the
 * database refuses.
 */
export function renderSql(fragment: SqlFragment, style: ParameterStyle): Statement {
  const params: unknown[] = [];
  const text = write(
    fragment,
    (value) => {
      if (params.length >= style.maxParameters) throw tooManyParameters(style, 'this request');
      params.push(value);
      return style.placeholder(params.length);
    },
    (budget) => {
      if (budget.needed > style.maxParameters - params.length) {
        throw tooManyParameters(style, budget.part);
      }
    }
  );
  return { sql: text, params };
}

/**
 * The text with every bound value as `?`: for checks of a condition's shape (is it one
 * parenthesised group?), never to run.
 */
export function sqlShape(fragment: SqlFragment): string {
  return write(
    fragment,
    () => '?',
    () => {}
  );
}

function write(
  fragment: SqlFragment,
  bind: (value: unknown) => string,
  check: (budget: ParameterBudget) => void
): string {
  if (typeof fragment === 'string') return fragment;
  if (isList(fragment)) {
    let text = '';
    for (const part of fragment) text += write(part, bind, check);
    return text;
  }
  switch (fragment.kind) {
    case 'lazy':
      return write(fragment.build(), bind, check);
    case 'budget':
      check(fragment);
      return '';
    case 'value': {
      const placeholder = bind(fragment.value);
      return fragment.wrap ? fragment.wrap(placeholder) : placeholder;
    }
  }
}

function isList(fragment: SqlFragment): fragment is readonly SqlFragment[] {
  return Array.isArray(fragment);
}

/** The 400 for a statement that would bind more values than the database takes. */
export function tooManyParameters(style: ParameterStyle, part: string): FederationError {
  return new FederationError(
    400,
    'illegal_argument_exception',
    `${part} needs more values than ${style.displayName} accepts in one statement (at most ${style.maxParameters}); split it into several requests or use fewer terms or ids`
  );
}
