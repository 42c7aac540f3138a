import { badRequest } from '../errors';

export type JoinStrategy = 'HASH_JOIN' | 'BROADCAST_JOIN' | 'INDEX_JOIN';

/** One `join` query (docs/api/semantics.md): a semi-join of the parent on `on[0]` against child `on[1]`. */
export interface JoinSpec {
  indices: string[];
  parentField: string;
  childField: string;
  /** The child's own query; may hold further joins (nested joins). */
  childQuery: unknown;
  /** Child fields whose values are put in each parent hit's `fields`. */
  project: string[];
  type?: JoinStrategy;
  /** Where the join stands in the request, e.g. `query.bool.must[1].join`, for error messages. */
  path: string;
}

const STRATEGIES: JoinStrategy[] = ['HASH_JOIN', 'BROADCAST_JOIN', 'INDEX_JOIN'];

/**
 * True for `{join: {indices, on, ...}}`. A field literally named `join` in another query (e.g.
 * `{term: {join: {value: 1}}}`) has no `indices`/`on` and is left alone.
 */
export function isJoinNode(node: unknown): node is { join: Record<string, unknown> } {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return false;
  const keys = Object.keys(node);
  if (keys.length !== 1 || keys[0] !== 'join') return false;
  const join = (node as { join: unknown }).join;
  return typeof join === 'object' && join !== null && ('indices' in join || 'on' in join);
}

export function parseJoin(join: Record<string, unknown>, path: string): JoinSpec {
  for (const key of Object.keys(join)) {
    if (!['indices', 'on', 'request', 'type'].includes(key)) {
      throw badRequest(
        `[${path}.${key}] is not a field of a join; expected indices, on, request, type`
      );
    }
  }
  const { indices, on, request, type } = join;
  if (
    !Array.isArray(indices) ||
    indices.length === 0 ||
    !indices.every((i) => typeof i === 'string' && i !== '')
  ) {
    throw badRequest(`[${path}.indices] must be a non-empty array of index names or patterns`);
  }
  if (
    !Array.isArray(on) ||
    on.length !== 2 ||
    !on.every((f) => typeof f === 'string' && f !== '')
  ) {
    throw badRequest(`[${path}.on] must be two field names: the parent's, then the child's`);
  }
  if (type !== undefined && !STRATEGIES.includes(type as JoinStrategy)) {
    throw badRequest(
      `[${path}.type] must be one of [${STRATEGIES.join(', ')}], got [${String(type)}]`
    );
  }
  const req = (request ?? {}) as Record<string, unknown>;
  if (typeof req !== 'object' || Array.isArray(req))
    throw badRequest(`[${path}.request] must be an object`);
  for (const key of Object.keys(req)) {
    if (key !== 'query' && key !== 'project') {
      throw badRequest(
        `[${path}.request.${key}] is not supported; a join request holds query and project`
      );
    }
  }
  return {
    indices: indices as string[],
    parentField: on[0] as string,
    childField: on[1] as string,
    childQuery: req.query ?? { match_all: {} },
    project: parseProject(req.project, `${path}.request.project`),
    type: type as JoinStrategy | undefined,
    path,
  };
}

function parseProject(project: unknown, path: string): string[] {
  if (project === undefined) return [];
  if (!Array.isArray(project)) throw badRequest(`[${path}] must be an array of {field: {name}}`);
  return project.map((item, i) => {
    const name = (item as { field?: { name?: unknown } })?.field?.name;
    if (typeof name !== 'string' || name === '') {
      throw badRequest(`[${path}[${i}]] must be {"field": {"name": "<field>"}}`);
    }
    return name;
  });
}
