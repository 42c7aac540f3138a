import type { FieldCapsCache } from '../catalog/field_caps_cache';
import type { VirtualIndexService } from '../catalog/virtual_index_service';
import type { OpenSearchGateway } from '../opensearch/opensearch_gateway';
import type { IndexResolver, ResolvedTarget } from './index_resolver';
import { OpenSearchBackend, type OpenSearchLimits } from './opensearch_backend';
import { VirtualBackend } from './virtual_backend';
import type { QueryLimits } from '../sql/query_limits';
import { openVirtualTarget } from './virtual_target';

export interface BackendLimits extends OpenSearchLimits {
  /** Most distinct keys one field may give (setting maxJoinKeys); callers pass it as `limit`. */
  maxJoinKeys: number;
  /** The datasource statement timeout (setting connectorStatementTimeoutMs); the connector's own when absent. */
  statementTimeoutMs?: number;
  /** OpenSearch's per-query limits for virtual indices (settings maxClauseCount, maxTermsCount). */
  queryLimits?: QueryLimits;
}

export interface BackendDeps {
  /** The caller's door to OpenSearch (system indices already fenced off). */
  openSearch: OpenSearchGateway;
  resolver: IndexResolver;
  virtualIndices: VirtualIndexService;
  limits: BackendLimits;
  /** Epoch milliseconds of the request's `now`: date math agrees across its statements. */
  now: number;
  /** The process's field types and the caller they are kept for (field_caps_cache.ts). */
  fieldCaps?: { cache: FieldCapsCache; caller: string };
}

/**
 * Opens the backend that answers a list of index names, for one request. Names are resolved
 * as everywhere else (index_resolver.ts): all virtual, or none (mixing them is a 400). graph/
 * sees it through the narrower `BackendFactory` of backend.ts (`open` only, so its tests can
 * fake it); the compiler checks that this one fits where federation_engine.ts hands it over.
 */
export class BackendFactory {
  constructor(private readonly deps: BackendDeps) {}

  get limits(): BackendLimits {
    return this.deps.limits;
  }

  async open(indices: string[]): Promise<OpenSearchBackend | VirtualBackend> {
    return this.forTarget(await this.deps.resolver.resolve(indices.join(',')), indices);
  }

  /** The backend of a target the caller already resolved (searches resolve before anything else). */
  async forTarget(
    target: ResolvedTarget,
    indices: readonly string[]
  ): Promise<OpenSearchBackend | VirtualBackend> {
    if (target.kind === 'opensearch') return this.openSearch(indices);
    const targets = await Promise.all(
      target.names.map((name) =>
        openVirtualTarget(this.deps.virtualIndices, name, target.definitions.get(name)!, {
          now: this.deps.now,
          timeoutMs: this.deps.limits.statementTimeoutMs,
          limits: this.deps.limits.queryLimits,
        })
      )
    );
    return new VirtualBackend(targets);
  }

  /** OpenSearch indices known not to be virtual (a PIT's, for one); none reads every index. */
  openSearch(indices: readonly string[]): OpenSearchBackend {
    return new OpenSearchBackend(
      this.deps.openSearch,
      [...indices],
      this.deps.limits,
      this.deps.fieldCaps
    );
  }
}
