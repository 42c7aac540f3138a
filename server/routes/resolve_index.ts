import { z } from 'zod';
import { SEARCH_BASE_PATH } from '../../common/constants';
import { isSystemIndexName } from '../../common/system_indices';
import { badRequest } from '../engine/errors';
import { OpenSearchGateway, opensearchPath } from '../engine/opensearch/opensearch_gateway';
import { SystemAliases } from '../engine/search/system_indices';
import { addRoute } from '../http/route';
import type { Router } from '../http/router_contract';
import { routeOptions, type RouteDependencies } from './route_dependencies';
import { urlParams } from './schemas';

const PATH = `${SEARCH_BASE_PATH}/_resolve/index/{name}`;
/** OpenSearch's `_resolve/index` parameters (`error_trace` is read by the route layer). */
const PARAMETERS = new Set(['expand_wildcards', 'error_trace']);
const WILDCARD_STATES = new Set(['open', 'closed', 'hidden', 'none', 'all']);

/** OpenSearch's `_resolve/index` answer. */
export interface ResolveIndexAnswer {
  indices: Array<{ name: string; aliases?: string[]; attributes: string[]; data_stream?: string }>;
  aliases: Array<{ name: string; indices: string[] }>;
  data_streams: Array<{ name: string; backing_indices: string[]; timestamp_field: string }>;
}

/**
 * The answer with every system index taken out, and with it every alias that reaches one (/svc
 * refuses those aliases like the indices) and any data stream named like one. `systemAliases`
 * are the aliases of system indices the caller's answer may mention without listing.
 */
export function withoutSystemIndices(
  answer: ResolveIndexAnswer,
  systemAliases: ReadonlySet<string>
): ResolveIndexAnswer {
  const hiddenAliases = new Set(systemAliases);
  for (const alias of answer.aliases) {
    if (isSystemIndexName(alias.name) || alias.indices.some(isSystemIndexName)) {
      hiddenAliases.add(alias.name);
    }
  }
  return {
    ...answer,
    indices: answer.indices
      .filter((index) => !isSystemIndexName(index.name))
      .map((index) =>
        index.aliases === undefined
          ? index
          : { ...index, aliases: index.aliases.filter((alias) => !hiddenAliases.has(alias)) }
      ),
    aliases: answer.aliases.filter((alias) => !hiddenAliases.has(alias.name)),
    data_streams: answer.data_streams.filter(
      (stream) => !isSystemIndexName(stream.name) && !stream.backing_indices.some(isSystemIndexName)
    ),
  };
}

function checkParameters(name: string, query: Record<string, string | string[] | undefined>): void {
  for (const parameter of Object.keys(query)) {
    if (!PARAMETERS.has(parameter))
      throw badRequest(
        `request [${SEARCH_BASE_PATH}/_resolve/index/${name}] contains unrecognized parameter: [${parameter}]`
      );
  }
  const expand = query.expand_wildcards;
  if (Array.isArray(expand)) throw badRequest('[expand_wildcards] may be given once');
  for (const value of expand === undefined ? [] : expand.split(',')) {
    if (!WILDCARD_STATES.has(value.trim()))
      throw badRequest(
        `No valid expand wildcard value [${value}]; use open, closed, hidden, none or all`
      );
  }
}

/**
 * `GET /svc/_resolve/index/<name>`: OpenSearch's `_resolve/index`, as the caller, for index
 * pickers. The answer keeps OpenSearch's shape; our system indices are taken out of it.
 * Virtual indices appear as the concrete indices they have (the UI reads the catalog for which
 * are virtual, from `/_svc/connector/index/_search`).
 */
export function registerResolveIndexRoutes(router: Router, deps: RouteDependencies): void {
  addRoute(
    router,
    routeOptions(deps),
    { method: 'get', path: PATH, params: z.object({ name: z.string() }), query: urlParams },
    async ({ params, query }, context) => {
      checkParameters(params.name, query);
      // OpenSearch answers an empty name inside a list (`,a`, `a,,b`) with a 500 of its own.
      if (params.name.split(',').slice(0, -1).includes('')) {
        throw badRequest(
          `[${params.name}] is not a valid index expression: a name between commas is empty`
        );
      }
      const { asCurrentUser, asInternalUser } = context.core.opensearch.client;
      const [answer, systemAliases] = await Promise.all([
        new OpenSearchGateway(asCurrentUser).request<ResolveIndexAnswer>({
          method: 'GET',
          path: opensearchPath('_resolve', 'index', params.name),
          querystring:
            query.expand_wildcards === undefined
              ? undefined
              : { expand_wildcards: query.expand_wildcards },
        }),
        // As the server: a user may not be allowed to list the aliases of our indices.
        new SystemAliases(new OpenSearchGateway(asInternalUser)).names(),
      ]);
      return withoutSystemIndices(answer, systemAliases);
    }
  );
}
