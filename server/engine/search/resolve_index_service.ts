import { isSystemIndexName } from '../../../common/system_indices';
import { type OpenSearchGateway, opensearchPath } from '../opensearch/opensearch_gateway';
import type { SystemAliases } from './system_indices';

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

/**
 * OpenSearch's `_resolve/index` as the caller, for index pickers: OpenSearch's shape, our system
 * indices taken out. Virtual indices appear as the concrete indices they have (the catalog says
 * which are virtual).
 */
export class ResolveIndexService {
  constructor(
    /** The caller's own client: `_resolve/index` lists only what the caller may see. */
    private readonly openSearch: OpenSearchGateway,
    /** Read as the server: a user may not be allowed to list the aliases of our indices. */
    private readonly systemAliases: SystemAliases
  ) {}

  async resolve(name: string, expandWildcards?: string): Promise<ResolveIndexAnswer> {
    const [answer, systemAliases] = await Promise.all([
      this.openSearch.request<ResolveIndexAnswer>({
        method: 'GET',
        path: opensearchPath('_resolve', 'index', name),
        querystring:
          expandWildcards === undefined ? undefined : { expand_wildcards: expandWildcards },
      }),
      this.systemAliases.names(),
    ]);
    return withoutSystemIndices(answer, systemAliases);
  }
}
