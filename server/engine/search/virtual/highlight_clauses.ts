/**
 * Which clauses of a query highlight which keyword columns. OpenSearch highlights a keyword field
 * of a hit with its whole value when a clause on that field outside every `must_not` matches the
 * value (term, terms, match, match_phrase, prefix, wildcard and range alike; exists, ids and
 * clauses on other field types never highlight; checked against OpenSearch 3.6). So a hit's
 * fragment is decided by the database: the OR of those clauses, evaluated on the row. A
 * `query_string` or `simple_query_string` is walked as the query DSL it stands for, a
 * `multi_match` as a term per field.
 */
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import { badRequest } from '../../errors';
import { SqlSemiJoin } from '../../sql/sql_semi_join';
import { globToRegExp } from './source_filter';

/** Clauses naming one field: the field is their only key (besides `boost` and `_name`). */
const FIELD_CLAUSES = new Set([
  'term',
  'terms',
  'range',
  'prefix',
  'wildcard',
  'match',
  'match_phrase',
]);
const NEVER_HIGHLIGHT = new Set(['match_all', 'match_none', 'exists', 'ids']);
const CLAUSE_OPTIONS = new Set(['boost', '_name']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The keyword columns `highlight.fields` names or matches. */
export function highlightedColumns(
  columns: readonly VirtualIndexColumn[],
  fields: readonly string[]
): VirtualIndexColumn[] {
  const patterns = fields.map(globToRegExp);
  return columns.filter((c) => c.type === 'keyword' && patterns.some((p) => p.test(c.name)));
}

/**
 * For each highlighted column, the query's clauses that highlight it (an empty map when none
 * does). A clause whose per-field meaning is not one clause (`query_string`, a `join`) is a 400
 * when some keyword column could be highlighted.
 */
export function highlightClauses(
  query: unknown,
  highlighted: readonly VirtualIndexColumn[],
  /** A `query_string` or `simple_query_string` body as the query DSL it stands for. */
  textQueryDsl?: (type: 'query_string' | 'simple_query_string', body: unknown) => unknown
): Map<string, unknown[]> {
  const clauses = new Map<string, unknown[]>();
  if (highlighted.length === 0) return clauses;
  const names = new Set(highlighted.map((c) => c.name));
  const add = (field: string, clause: unknown) => {
    const list = clauses.get(field) ?? [];
    list.push(clause);
    clauses.set(field, list);
  };
  const visit = (node: unknown): void => {
    // A join arrives rewritten as a semi-join on the parent's key column.
    if (node instanceof SqlSemiJoin) throw unsupported('join');
    if (!isObject(node) || Object.keys(node).length !== 1) return;
    const [type, body] = Object.entries(node)[0];
    if (NEVER_HIGHLIGHT.has(type)) return;
    if (type === 'bool' && isObject(body)) {
      // must_not clauses never highlight (Lucene's highlighter skips prohibited clauses).
      for (const occur of ['must', 'filter', 'should']) {
        const inner = body[occur];
        if (inner !== undefined && inner !== null) [inner].flat().forEach(visit);
      }
      return;
    }
    if (type === 'constant_score' && isObject(body)) return visit(body.filter);
    if ((type === 'query_string' || type === 'simple_query_string') && textQueryDsl) {
      return visit(textQueryDsl(type, body));
    }
    if (type === 'multi_match' && isObject(body)) {
      // A term of the whole text on each field it searches (multi_match_query.ts).
      for (const field of multiMatchFields(body.fields, names))
        add(field, { term: { [field]: body.query } });
      return;
    }
    if (FIELD_CLAUSES.has(type) && isObject(body)) {
      const fields = Object.keys(body).filter((k) => !CLAUSE_OPTIONS.has(k));
      const field = fields.length === 1 ? fields[0] : null;
      if (field !== null && names.has(field)) add(field, node);
      return;
    }
    throw unsupported(type);
  };
  visit(query);
  return clauses;
}

/** The highlighted columns a multi_match searches: all without `fields` or with `*`. */
function multiMatchFields(fields: unknown, names: ReadonlySet<string>): string[] {
  const list = fields === undefined || fields === null ? [] : [fields].flat().map(String);
  const patterns = list.map((f) => f.replace(/\^.*$/, ''));
  if (patterns.length === 0 || patterns.includes('*')) return [...names];
  const expressions = patterns.map(globToRegExp);
  return [...names].filter((name) => expressions.some((e) => e.test(name)));
}

function unsupported(type: string) {
  return badRequest(
    `[highlight] with a [${type}] query is not supported on virtual indices: its fragments depend on how that query matches each field; leave [highlight] out, or highlight fields the query does not search`
  );
}
