import {
  isSystemIndexName,
  SYSTEM_INDEX_PATTERN,
  SYSTEM_INDEX_PREFIX,
} from '../../../common/system_indices';
import { FederationError } from '../errors';
import { encodePathPart, OpenSearchGateway } from '../opensearch/opensearch_gateway';
import type {
  OpenSearchTransportClient,
  TransportRequestOptions,
  TransportRequestParams,
} from '../opensearch/transport';

/** Endpoints that, without an index in the path, read every index. */
const ALL_INDEX_ENDPOINTS = new Set(['_search', '_count', '_field_caps', '_mapping']);

/**
 * The names of the aliases that point at a system index, read as the server itself (a user may
 * not see them). Read afresh for every request, this was a second OpenSearch request beside
 * each search (a third of the host's per-request cost, and twice the cluster's work under load:
 * docs/development/benchmarks.md). Such an alias is an administrator's act directly on
 * OpenSearch (no /svc route creates aliases), so the names are kept like catalog entries
 * (catalog/catalog_cache.ts), for `ttlMs` (`catalogCacheMs`): an alias created on OpenSearch is
 * refused within that bound, read again in the background past half of it so a request rarely
 * waits; `ttlMs` 0 reads for every request.
 */
export class SystemAliases {
  /** The last read that answered, and the newest read sent (shared while on its way). */
  private kept: AliasRead | null = null;
  private latest: AliasRead | null = null;

  constructor(
    private readonly internal: OpenSearchGateway,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now
  ) {}

  names(): Promise<ReadonlySet<string>> {
    const now = this.now();
    const fresh = (read: AliasRead | null) => read !== null && now - read.sentAt < this.ttlMs;
    if (fresh(this.kept)) {
      // Past half its life, read again in the background: nobody waits for it, and a failure
      // leaves the kept names to expire and be read on demand.
      if (now - this.kept!.sentAt >= this.ttlMs / 2 && this.latest === this.kept) this.read(now);
      return this.kept!.names;
    }
    return fresh(this.latest) ? this.latest!.names : this.read(now).names;
  }

  private read(sentAt: number): AliasRead {
    const read: AliasRead = {
      sentAt,
      names: this.internal
        .request<Record<string, { aliases?: Record<string, unknown> }>>({
          method: 'GET',
          path: `/${SYSTEM_INDEX_PATTERN}/_alias`,
          querystring: { expand_wildcards: 'all' },
        })
        .then(
          (response) =>
            new Set(Object.values(response).flatMap((entry) => Object.keys(entry.aliases ?? {})))
        ),
    };
    this.latest = read;
    read.names.then(
      () => {
        if (this.kept === null || this.kept.sentAt <= sentAt) this.kept = read;
      },
      // Never kept: the next request reads again.
      () => {
        if (this.latest === read) this.latest = this.kept;
      }
    );
    return read;
  }
}

interface AliasRead {
  names: Promise<ReadonlySet<string>>;
  /** When the read was sent: its answer is no older than that. */
  sentAt: number;
}

/**
 * The user's door to OpenSearch with the system indices walled off: a request that names one
 * (or an alias of one) is refused as OpenSearch's security plugin refuses a forbidden index, and
 * every wildcard, `_all` or index-less search gets a `-.federation-*` exclusion so it never
 * expands to them (OpenSearch applies the exclusion to indices reached through aliases too).
 * It stands at the gateway so that every route and every later one is covered.
 */
export class SystemIndexGateway extends OpenSearchGateway {
  constructor(
    client: OpenSearchTransportClient,
    private readonly systemAliases: SystemAliases
  ) {
    super(client);
  }

  /** Read once per gateway, which is built per request. */
  private aliasNames: Promise<ReadonlySet<string>> | null = null;

  private aliases(): Promise<ReadonlySet<string>> {
    this.aliasNames ??= this.systemAliases.names().catch((error: unknown) => {
      this.aliasNames = null;
      throw error;
    });
    return this.aliasNames;
  }

  override async request<T = unknown>(
    params: TransportRequestParams,
    options?: TransportRequestOptions
  ): Promise<T> {
    const { guarded, names } = this.guard(params);
    if (names.length === 0) return super.request<T>(guarded, options);
    const checked = this.aliases().then((aliases) => {
      for (const name of names) if (aliases.has(name)) throw forbidden(name);
    });
    if (!readsOnly(guarded)) {
      await checked;
      return super.request<T>(guarded, options);
    }
    // A read runs while the alias names are read (one round trip less per request); its
    // answer never leaves here when a name turns out to be an alias of a system index.
    const [answer, check] = await Promise.allSettled([super.request<T>(guarded, options), checked]);
    if (check.status === 'rejected') throw check.reason;
    if (answer.status === 'rejected') throw answer.reason;
    return answer.value;
  }

  /**
   * The request with system names refused and wildcards narrowed, and the exact names still to
   * be checked against the system aliases.
   */
  private guard(params: TransportRequestParams): {
    guarded: TransportRequestParams;
    names: string[];
  } {
    const [first = '', ...rest] = params.path.replace(/^\//, '').split('/');
    const names: string[] = [];
    // Index names never start with `_`: such a segment is an endpoint, except `_all` (and a
    // list, which OpenSearch would read as index names).
    if (first === '' || (first.startsWith('_') && first !== '_all' && !/,|%2C/i.test(first))) {
      if (first === '_mget') for (const name of mgetIndices(params.body)) names.push(name);
      const readsAll = ALL_INDEX_ENDPOINTS.has(first) && rest.length === 0 && !hasPit(params.body);
      if (!readsAll) return { guarded: params, names };
      return {
        guarded: { ...params, path: `/${encodePathPart(`*,-${SYSTEM_INDEX_PATTERN}`)}/${first}` },
        names,
      };
    }
    const expression = guardedExpression(safeDecode(first), names);
    // A loop, not push(...): an mget of 100,000s of documents would overflow the call stack.
    if (rest[0] === '_mget') for (const name of mgetIndices(params.body)) names.push(name);
    return {
      guarded: { ...params, path: `/${[encodePathPart(expression), ...rest].join('/')}` },
      names,
    };
  }
}

/** Refuses system names; adds the exclusion where a wildcard could reach one. */
function guardedExpression(expression: string, names: string[]): string {
  const parts = expression.split(',').map((part) => part.trim());
  let wildcard = false;
  for (const part of parts) {
    // An exclusion only narrows what the other parts name.
    if (part.startsWith('-')) continue;
    if (part === '_all' || part.includes('*')) {
      wildcard = true;
      continue;
    }
    if (isSystemIndexName(part)) throw forbidden(part);
    names.push(part);
  }
  if (!wildcard) return expression;
  const listed = parts.map((part) => (part === '_all' ? '*' : part));
  return [...listed, `-${SYSTEM_INDEX_PATTERN}`].join(',');
}

/** The indices an `_mget` body names per document (system names refused at once). */
function mgetIndices(body: TransportRequestParams['body']): string[] {
  if (typeof body !== 'object' || body === null || !Array.isArray(body.docs)) return [];
  const names: string[] = [];
  for (const doc of body.docs as Array<{ _index?: unknown }>) {
    const index = typeof doc?._index === 'string' ? doc._index : undefined;
    if (index === undefined) continue;
    for (const part of index.split(',').map((p) => p.trim())) {
      if (isSystemIndexName(part)) throw forbidden(part);
      names.push(part);
    }
  }
  return names;
}

/** Endpoints that only read (no PIT, scroll or other state is created by them). */
const READ_ENDPOINTS = new Set([
  '_search',
  '_count',
  '_mget',
  '_msearch',
  '_field_caps',
  '_mapping',
]);

function readsOnly(params: TransportRequestParams): boolean {
  const method = params.method.toUpperCase();
  if (method !== 'GET' && method !== 'POST' && method !== 'HEAD') return false;
  const segments = params.path.replace(/^\//, '').split('/');
  const last = segments[segments.length - 1];
  const query = params.querystring as Record<string, unknown> | undefined;
  if (query?.scroll !== undefined) return false;
  return (
    READ_ENDPOINTS.has(last) ||
    (method !== 'POST' && segments.length === 3 && segments[1] === '_doc')
  );
}

/** A 403 in the security plugin's shape: the caller may not touch that index through /svc. */
export function forbidden(index: string): FederationError {
  return new FederationError(
    403,
    'security_exception',
    `no permissions for [${index}]: indices starting with [${SYSTEM_INDEX_PREFIX}] hold the Federation plugin's own state (datasources, virtual indices, points in time, saved queries) and cannot be read or written through /svc; manage datasources and virtual indices with /_svc/connector and saved queries with /_svc/graph/query`,
    { index }
  );
}

function hasPit(body: TransportRequestParams['body']): boolean {
  return typeof body === 'object' && body !== null && body.pit !== undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
