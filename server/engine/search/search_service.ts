import type { BackendFactory } from '../backends/backend_factory';
import { badRequest, FederationError } from '../errors';
import { containsJoin, joinIndexNames } from '../join/contains_join';
import { JoinExecutor, type JoinLimits } from '../join/join_executor';
import { withProjections } from '../join/projection';
import { OpenSearchGateway, opensearchPath } from '../opensearch/opensearch_gateway';
import { assertIndexExpression } from '../backends/index_expression';
import type { IndexResolver, ResolvedTarget } from '../backends/index_resolver';
import { definedParams, type QueryParams } from '../backends/query_params';
import { checkQueryLimits, type QueryLimits } from '../sql/query_limits';
import { parseSearchRequest, type SearchBodyLimits } from './virtual/search_body';
import { checkSearchParams } from './virtual/search_params';
import type { VirtualSearch } from './virtual/virtual_search';

export interface SearchRequest {
  /** The index expression from the path; absent for `/svc/_search`. */
  index?: string;
  body?: Record<string, unknown>;
  /** URL parameters, forwarded as OpenSearch would read them. */
  params: QueryParams;
}

/**
 * Answers one page of a search that carries `pit` (pit/ does, wired in federation_engine.ts):
 * search/ and pit/ are siblings, so the search hands such bodies on without knowing who reads them.
 */
export type PitSearch = (
  body: Record<string, unknown>,
  params: QueryParams
) => Promise<Record<string, unknown>>;

/**
 * Answers `_search`. Joins in the query are resolved first (join/); then virtual indices are
 * answered by SQL on their datasource, and every other search goes to OpenSearch, whose response
 * comes back unchanged.
 */
export class SearchService {
  constructor(
    private readonly openSearch: OpenSearchGateway,
    private readonly resolver: IndexResolver,
    private readonly backends: BackendFactory,
    private readonly virtualSearch: VirtualSearch,
    private readonly joinLimits: JoinLimits,
    private readonly pitSearch: PitSearch,
    private readonly limits: SearchBodyLimits & QueryLimits = {
      maxResultWindow: 10_000,
      maxTermsCount: 65_536,
      maxClauseCount: 1_024,
    }
  ) {}

  async search(request: SearchRequest): Promise<unknown> {
    if (request.body?.pit !== undefined) {
      // With a PIT the indices come from the PIT, as in OpenSearch.
      if (request.index !== undefined) {
        throw badRequest(
          '[indices] cannot be used with point in time: send the search to /svc/_search'
        );
      }
      return this.pitSearch(request.body, request.params);
    }
    const { debug, ...params } = request.params;
    const children = request.body === undefined ? [] : joinIndexNames(request.body.query);
    if (children.length > 0) {
      this.resolver.prefetch(request.index === undefined ? children : [request.index, ...children]);
    }
    const target = request.index === undefined ? null : await this.resolveTarget(request.index);
    let parsed: ReturnType<typeof parseSearchRequest> | null = null;
    if (target?.kind === 'virtual') {
      // Every option is checked before any join or statement runs, so none is silently ignored.
      checkSearchParams(params, `/${request.index}/_search`);
      parsed = parseSearchRequest(request.body, params, this.limits);
      checkQueryLimits(parsed.query, this.limits);
      if (parsed.postFilter !== undefined) checkQueryLimits(parsed.postFilter, this.limits);
    }
    const { body, joins, projections } = await this.withJoinsResolved(
      request.body,
      target,
      params,
      request.index?.split(',') ?? []
    );
    if (params.scroll !== undefined && projections.length > 0) {
      // Later pages come from OpenSearch's scroll context, where no projection is added.
      throw badRequest(
        '[scroll] cannot page a join that projects child fields: open a point in time and page with [search_after], which keeps the projection'
      );
    }
    let response: Record<string, unknown>;
    if (target?.kind === 'virtual') {
      const virtualRequest = parseSearchRequest(body, params, this.limits);
      response = await this.virtualSearch.search(target.names, target.definitions, virtualRequest);
      if (parsed?.totalAsInt) response = withTotalAsInt(response);
    } else {
      const path =
        request.index === undefined ? '/_search' : opensearchPath(request.index, '_search');
      const projected = withProjections(body ?? {}, projections);
      response = projected.finish(
        await this.openSearch.request({
          method: 'POST',
          path,
          body: body === undefined ? undefined : projected.body,
          querystring: definedParams(params),
        })
      );
    }
    // `debug` is ours: OpenSearch would refuse the unknown parameter, so it never reaches it.
    const wantsDebug = debug !== undefined && debug !== 'false';
    return wantsDebug && joins !== null ? { ...response, federation_debug: { joins } } : response;
  }

  /**
   * `_count`, as OpenSearch answers it (`{count, _shards}`), on indices, virtual indices and
   * joins alike: a search for no hits that tracks the total exactly, so a join or a virtual
   * index counts the way it searches. The body takes `query` only, as OpenSearch's does.
   */
  async count(request: SearchRequest): Promise<{ count: number; _shards: unknown }> {
    const { query, ...rest } = request.body ?? {};
    const unsupported = Object.keys(rest)[0];
    if (unsupported !== undefined) {
      throw new FederationError(
        400,
        'parsing_exception',
        `request does not support [${unsupported}]`
      );
    }
    const response = (await this.search({
      ...request,
      body: { ...(query === undefined ? {} : { query }), size: 0, track_total_hits: true },
    })) as { hits?: { total?: { value?: number } }; _shards?: unknown };
    return { count: response.hits?.total?.value ?? 0, _shards: response._shards };
  }

  /**
   * The next page of a scroll. The first page's search resolved any join into its filter, which
   * OpenSearch keeps in the scroll context: every page sees the key set of the first, as a
   * point in time's pages do. The scroll id reaches only what that first search could.
   */
  scroll(body: Record<string, unknown> | undefined, params: QueryParams): Promise<unknown> {
    return this.openSearch.request({
      method: 'POST',
      path: '/_search/scroll',
      body,
      querystring: definedParams(params),
    });
  }

  /** Frees scroll contexts (`scroll_id` in the body, or `_all`), as OpenSearch does. */
  clearScroll(body: Record<string, unknown> | undefined, params: QueryParams): Promise<unknown> {
    return this.openSearch.request({
      method: 'DELETE',
      path: '/_search/scroll',
      body,
      querystring: definedParams(params),
    });
  }

  private async resolveTarget(index: string) {
    assertIndexExpression(index);
    return this.resolver.resolve(index);
  }

  /** Replaces every join of the body's query by the filters its keys give (join/). */
  private async withJoinsResolved(
    body: Record<string, unknown> | undefined,
    target: ResolvedTarget | null,
    params: QueryParams,
    /** The parent's index names (none for `/_search`). */
    indices: string[]
  ) {
    if (body === undefined || !containsJoin(body.query))
      return { body, joins: null, projections: [] };
    const parent =
      target === null
        ? this.backends.openSearch(indices)
        : await this.backends.forTarget(target, indices);
    const executor = new JoinExecutor({
      backends: this.backends,
      openSearch: this.openSearch,
      limits: this.joinLimits,
      preference: typeof params.preference === 'string' ? params.preference : undefined,
    });
    try {
      const query = await executor.rewrite(body.query, {
        parent,
        root: true,
        // A virtual parent whose indices share a datasource takes joins with children there inline.
        datasource: parent.kind === 'virtual' ? parent.datasource : undefined,
      });
      return {
        body: { ...body, query },
        joins: executor.reports,
        projections: executor.rootProjections,
      };
    } finally {
      executor.dispose();
    }
  }
}

/** `rest_total_hits_as_int`: OpenSearch's pre-7.0 `hits.total`, a number (-1 when not tracked). */
function withTotalAsInt(response: Record<string, unknown>): Record<string, unknown> {
  const { total, ...rest } = response.hits as { total?: { value: number } };
  return { ...response, hits: { total: total === undefined ? -1 : total.value, ...rest } };
}
