/**
 * A request's `time_range` (docs/api/graph_queries.md): the window of a dashboard's time picker,
 * applied to every node whose entity names a `time_field` in the model (docs/api/semantics.md).
 * Each becomes two conditions of the node's clause, `v.<time_field> >= from` and `<= to`, so they
 * are pushed down to the node's backend as any WHERE condition on one node is.
 */
import type { Expression, SourceRange } from '../../../common/gql/ast';
import { badRequest } from '../errors';
import type { BoundClause, BoundQuery } from './bound_query';
import { toMillis } from './expressions';
import type { GraphModel } from './graph_model';

/** Both ends included, as OSD's time filter is (`gte`, `lte`). */
export interface TimeRange {
  from: string;
  to: string;
}

/**
 * The `time_range` of a graph request, checked: `{"from": <date>, "to": <date>}`, each an ISO
 * 8601 date (UTC unless it names a zone) or epoch milliseconds, `from` not after `to`. Absent:
 * no time filter.
 */
export function parseTimeRange(raw: unknown): TimeRange | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw badRequest(
      '[time_range] must be an object: {"from": "<ISO 8601 date>", "to": "<ISO 8601 date>"}'
    );
  }
  const record = raw as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key !== 'from' && key !== 'to') {
      throw badRequest(`[time_range.${key}] is not a field of a time range; send [from] and [to]`);
    }
  }
  const millis = (key: 'from' | 'to') => {
    const value = record[key];
    if (value === undefined) throw badRequest(`[time_range.${key}] is required`);
    const parsed = typeof value === 'string' ? toMillis(value) : null;
    if (parsed === null || Number.isNaN(parsed)) {
      throw badRequest(
        `[time_range.${key}] failed to parse date [${String(value)}] with format [strict_date_optional_time||epoch_millis]`
      );
    }
    return { text: value as string, parsed };
  };
  const from = millis('from');
  const to = millis('to');
  if (from.parsed > to.parsed) {
    throw badRequest(
      `[time_range] [from] ${from.text} is after [to] ${to.text}; the range would match nothing`
    );
  }
  return { from: from.text, to: to.text };
}

/**
 * The bound query with the time range's conditions added to the clause that introduces each node
 * whose entities name a time field; the query as is when there is no range. A node without a
 * variable gets a name no written variable can have (`#time<id>`).
 */
export function withTimeRange(
  query: BoundQuery,
  model: GraphModel,
  range: TimeRange | undefined
): BoundQuery {
  if (range === undefined) return query;
  const variables = new Map(query.variables);
  const added: Expression[][] = query.clauses.map(() => []);
  const at = query.statement.range;
  for (const node of query.nodes) {
    const fields = new Set(
      node.labels.flatMap((label) => {
        const field = model.entities.get(label)?.timeField;
        return field === undefined ? [] : [field];
      })
    );
    if (fields.size === 0) continue;
    let name = node.variables[0];
    if (name === undefined) {
      name = `#time${node.id}`;
      variables.set(name, node.id);
    }
    for (const field of fields) {
      added[node.clause].push(
        comparison('>=', name, field, range.from, at),
        comparison('<=', name, field, range.to, at)
      );
    }
  }
  const clauses = query.clauses.map((clause, i): BoundClause =>
    added[i].length === 0 ? clause : { ...clause, where: [clause.where, ...added[i]].reduce(andOf) }
  );
  return { ...query, variables, clauses };
}

function comparison(
  operator: '>=' | '<=',
  variable: string,
  field: string,
  value: string,
  range: SourceRange
): Expression {
  return {
    kind: 'comparison',
    operator,
    left: { kind: 'property', variable: { name: variable, range }, path: field.split('.'), range },
    right: { kind: 'literal', value, range },
    range,
  };
}

function andOf(left: Expression | undefined, right: Expression | undefined): Expression {
  if (left === undefined) return right!;
  if (right === undefined) return left;
  return { kind: 'and', left, right, range: right.range };
}
