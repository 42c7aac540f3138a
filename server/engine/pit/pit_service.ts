import { randomBytes } from 'crypto';
import type { BackendFactory } from '../backends/backend_factory';
import { badRequest, FederationError } from '../errors';
import { JoinExecutor, type ComputedJoin, type JoinLimits } from '../join/join_executor';
import { withProjections } from '../join/projection';
import type { OpenSearchGateway } from '../opensearch/opensearch_gateway';
import {
  afterOnAnyCopy,
  closePit,
  openPitRequest,
  searchAllShards,
  shardsWithoutCopy,
} from '../opensearch/pit_resume';
import type { ShardsHeader } from '../opensearch/shard_failures';
import type { IndexResolver } from '../backends/index_resolver';
import { definedParams, preferenceParam, type QueryParams } from '../backends/query_params';
import { assertIndexExpression } from '../backends/index_expression';
import type { StoredDocument } from '../catalog/catalog_store';
import { assertSameRequest, fixedPart } from './fixed_request';
import { parseKeepAlive } from './keep_alive';
import { pageOrder } from './page_order';
import { admitPit, type PitLimits } from './pit_admission';
import { lifeToWrite, type PitLife } from './pit_expiry';
import type { PitFilterEntry } from './pit_filter_cache';
import { callerKey, type PlaceRef } from './pit_places';
import { PIT_INDEX, type StoredPit } from './pit_state';
import { decodeJoins, encodeJoins } from './pit_state_codec';
import type { PitStateStore } from './pit_state_store';

/**
 * How long a place stays held beyond the keep-alive while its PIT's state is not written yet:
 * OpenSearch may take its request timeout (30 s by default, retried once) to open the PIT.
 */
const OPENING_MS = 60_000;

/** What one page asks: the PIT, the fixed request, and what may change from page to page. */
interface PageAsked {
  id: string;
  request: Record<string, unknown>;
  body: Record<string, unknown>;
  forwarded: QueryParams;
  /** The page's `pit.keep_alive`; undefined keeps the PIT's own. */
  keepAlive: unknown;
}

/** What a page searches with: the decoded state, as cached or as decoded from the store. */
type PageFilters = Pick<
  PitFilterEntry,
  'request' | 'query' | 'projections' | 'indices' | 'preference' | 'osPitId' | 'keepAliveMs'
>;

/**
 * Point-in-time pagination over joins. Our PIT wraps an OpenSearch PIT (which pins the parent
 * indices) and a state document holding the request and the join key sets of the first page, so
 * every page sees the same join result and any server process can serve the next page. Each
 * process also keeps the decoded filters of the PITs it served (the store's `filters` cache), so
 * its later pages skip reading and decoding the stored key sets; a miss reads the stored state.
 * The stored expiry is a lease written ahead (pit_expiry.ts), so pages write it only now and
 * then: a write re-indexes the whole state, key sets included.
 */
export class PitService {
  constructor(
    private readonly openSearch: OpenSearchGateway,
    private readonly store: PitStateStore,
    private readonly resolver: IndexResolver,
    private readonly backends: BackendFactory,
    private readonly limits: JoinLimits & PitLimits,
    /** Who opens (RequestScope.caller): each caller holds at most maxOpenPitsPerUser PITs. */
    private readonly caller: string
  ) {}

  /**
   * Opens a PIT: an OpenSearch PIT on `index` and its state, holding a place of the caller's
   * and one of everybody's (pit_admission.ts). `signal` is the caller's: a PIT opened for a
   * caller who left is closed at once (nobody holds its id), so it keeps no place.
   */
  async open(index: string, keepAliveParam: unknown, preference?: string, signal?: AbortSignal) {
    assertIndexExpression(index);
    const keepAlive = parseKeepAlive(keepAliveParam);
    const id = randomBytes(24).toString('base64url');
    const openPit = () => {
      const opened = this.openSearch.request<{
        pit_id: string;
        _shards: unknown;
        creation_time: number;
      }>(openPitRequest(index, `${keepAlive}ms`, preferenceParam(preference)));
      opened.catch(() => undefined); // awaited below, after the checks
      return opened;
    };
    // With no open of the same caller ahead, OpenSearch's PIT opens while the catalog is read
    // and the places are taken: a check that refuses closes the PIT it no longer needs, and its
    // error comes first. Behind others, or after a refusal, only once admitted (caller_turns.ts).
    const turn = this.store.admissionTurns.take(callerKey(this.caller));
    let opening = turn.eager ? openPit() : null;
    const admitting = turn.ready
      .then(() =>
        admitPit(
          this.store,
          this.caller,
          { pit: id, expires_at: Date.now() + keepAlive + OPENING_MS },
          this.limits
        )
      )
      .then(
        (taken) => {
          turn.release(true);
          return taken;
        },
        (error: unknown) => {
          turn.release(false);
          throw error;
        }
      );
    admitting.catch(() => undefined); // awaited below, after the checks
    let created: Awaited<ReturnType<typeof openPit>>;
    let places: PlaceRef[];
    try {
      const [target, taken] = await Promise.all([this.resolver.resolve(index), admitting]);
      places = taken;
      if (target.kind === 'virtual') {
        throw badRequest(
          `a point in time cannot be opened on virtual indices [${index}]; open it on the parent OpenSearch indices (virtual indices may be join children)`,
          { index }
        );
      }
      opening ??= openPit();
      created = await opening;
    } catch (error) {
      void opening?.then(
        (c) => closePit(this.openSearch, c.pit_id),
        () => undefined
      );
      // Given back before the answer, so the caller's next open finds them free. Should that
      // fail, they come back when their keep-alive runs out (pit_admission.ts, reclaim).
      await admitting.then((taken) => this.store.places.free(taken)).catch(() => undefined);
      throw error;
    }
    const now = Date.now();
    try {
      await this.store.put(
        id,
        {
          os_pit_id: created.pit_id,
          indices: index,
          ...(preference === undefined ? {} : { preference }),
          keep_alive_ms: keepAlive,
          expires_at: now + keepAlive,
          created_at: now,
          caller: callerKey(this.caller),
          places,
        },
        // Opens count places, not states: no list needs to see it.
        { refresh: false }
      );
    } catch (error) {
      await this.discard(id, created.pit_id, places);
      throw error;
    }
    if (signal?.aborted) {
      await this.discard(id, created.pit_id, places);
      signal.throwIfAborted();
    }
    return { id, pit_id: id, _shards: created._shards, creation_time: created.creation_time };
  }

  async close(id: string) {
    this.store.filters.delete(id);
    const doc = await this.store.get(id);
    if (doc === null) throw missing(id);
    if (doc._source.caller !== undefined) this.store.admissionTurns.closed(doc._source.caller);
    // The state and its places go in one request, not refreshed (a refresh costs 10-15 ms):
    // opens count places by id, never by a list.
    await Promise.all([
      this.store.places.free(doc._source.places ?? [], { index: PIT_INDEX, id }),
      closePit(this.openSearch, doc._source.os_pit_id),
    ]);
    return { pits: [{ successful: true, pit_id: id }] };
  }

  /** Undoes an open that cannot be answered: its state (if written), places and OpenSearch PIT. */
  private async discard(id: string, osPitId: string, places: PlaceRef[]): Promise<void> {
    void closePit(this.openSearch, osPitId);
    await this.store.places.free(places, { index: PIT_INDEX, id }).catch(() => undefined);
  }

  /** One page of a search that carries `pit`. */
  async search(
    body: Record<string, unknown>,
    params: QueryParams
  ): Promise<Record<string, unknown>> {
    const pit = body.pit as { id?: unknown; keep_alive?: unknown } | undefined;
    if (typeof pit?.id !== 'string')
      throw badRequest('[pit.id] must be the id returned when the point in time was opened');
    if (body.slice !== undefined)
      throw badRequest(
        '[slice] is not supported with a point in time on this service; leave [slice] out and page with [search_after]'
      );
    const { debug, ...forwarded } = params;
    const asked: PageAsked = {
      id: pit.id,
      request: fixedPart(body),
      body,
      forwarded,
      keepAlive: pit.keep_alive,
    };
    const wantsDebug = debug !== undefined && debug !== 'false';
    // A debug page reports how its joins were built, so it takes the path that builds them.
    const cached = wantsDebug ? undefined : this.store.filters.get(pit.id);
    const response =
      cached !== undefined
        ? await this.pageFromCache(asked, cached)
        : await this.pageFromState(asked, wantsDebug);
    return { ...response, pit_id: pit.id };
  }

  /** A page of a PIT this process served before: its decoded filters, no state read. */
  private async pageFromCache(asked: PageAsked, cached: PitFilterEntry) {
    assertSameRequest(cached.request, asked.request);
    try {
      const { response, moved } = await this.page(cached, asked);
      const written = await this.writeLease(asked.id, cached.stored, moved);
      this.store.filters.touch(asked.id, {
        osPitId: moved.os_pit_id,
        keepAliveMs: moved.keep_alive_ms,
        expiresAt: moved.expires_at,
        ...(written !== null ? { stored: written } : {}),
      });
      return response;
    } catch (error) {
      // Closed by another process, expired there, or failing: the stored state decides next time.
      this.store.filters.delete(asked.id);
      throw error;
    }
  }

  /** A page from the stored state: its joins decoded, or computed and kept on the first page. */
  private async pageFromState(asked: PageAsked, wantsDebug: boolean) {
    const doc = await this.store.get(asked.id);
    if (doc === null || doc._source.expires_at < Date.now()) {
      if (doc !== null) await this.store.retire(doc).catch(() => undefined);
      throw missing(asked.id);
    }
    const state = doc._source;
    if (state.request !== undefined) assertSameRequest(state.request, asked.request);
    const { decoded, executor } = await this.decode(state, asked.request);
    const { response, moved } = await this.page(decoded, asked);
    const { stored, fixedHere } =
      state.request === undefined
        ? await this.fixFirstPage(asked, doc, executor.computed, moved)
        : { stored: (await this.writeLease(asked.id, state, moved)) ?? state, fixedHere: true };
    // Kept only when these filters are the stored state's (the winner's, not a lost race's).
    if (fixedHere) {
      this.store.filters.set(asked.id, {
        ...decoded,
        osPitId: moved.os_pit_id,
        keepAliveMs: moved.keep_alive_ms,
        expiresAt: moved.expires_at,
        stored,
      });
    }
    return wantsDebug ? { ...response, federation_debug: { joins: executor.reports } } : response;
  }

  /**
   * The stored state turned into page filters: joins the state holds are decoded, not recomputed
   * (the first page has none yet, so its joins are computed here and read off the executor).
   */
  private async decode(state: StoredPit, request: Record<string, unknown>) {
    const executor = new JoinExecutor(
      {
        backends: this.backends,
        openSearch: this.openSearch,
        limits: this.limits,
        preference: state.preference,
      },
      decodeJoins(state.joins)
    );
    let query: unknown;
    try {
      query =
        request.query === undefined
          ? undefined
          : await executor.rewrite(request.query, {
              // A PIT is opened on OpenSearch indices only.
              parent: this.backends.openSearch(state.indices.split(',')),
              root: true,
            });
    } finally {
      executor.dispose();
    }
    const decoded: PageFilters = {
      request,
      query,
      projections: executor.rootProjections,
      indices: state.indices,
      preference: state.preference,
      osPitId: state.os_pit_id,
      keepAliveMs: state.keep_alive_ms,
    };
    return { decoded, executor };
  }

  /**
   * The first page fixes the request and keeps its join keys for every later page. Another
   * first page may have fixed it while this one ran: that one won, and this page stands only if
   * it asked the same (its response is then a page of that request), else it is a 400.
   */
  private async fixFirstPage(
    asked: PageAsked,
    doc: StoredDocument<StoredPit>,
    computed: readonly ComputedJoin[],
    moved: PitLife
  ): Promise<{ stored: PitLife; fixedHere: boolean }> {
    const state = doc._source;
    const leased = lifeToWrite(state, moved) ?? state;
    // Not refreshed: pages read the state by id (real time); a list that sees the older
    // version deletes nothing for it (deleteIfUnchanged).
    const fixed = await this.store.putIfUnchanged(
      asked.id,
      { ...state, ...leased, request: asked.request, joins: encodeJoins(computed) },
      doc,
      { refresh: false }
    );
    if (fixed === null) await this.afterLostRace(asked.id, asked.request, moved);
    return { stored: leased, fixedHere: fixed !== null };
  }

  /**
   * Writes the page's new expiry when the stored lease would lag too far behind it
   * (pit_expiry.ts); null when no write was due. No list needs to see it at once: not refreshed.
   */
  private async writeLease(id: string, life: PitLife, moved: PitLife): Promise<PitLife | null> {
    const written = lifeToWrite(life, moved);
    if (written !== null) await this.store.update(id, written, { refresh: false });
    return written;
  }

  /**
   * One OpenSearch PIT search with the decoded filters; `moved` is the state's new expiry (and
   * the new OpenSearch PIT when a node took shard contexts with it: pit_resume.ts).
   */
  private async page(
    decoded: PageFilters,
    asked: PageAsked
  ): Promise<{
    response: Record<string, unknown>;
    moved: Pick<StoredPit, 'os_pit_id' | 'keep_alive_ms' | 'expires_at'>;
  }> {
    const { body } = asked;
    const now = Date.now();
    const keepAlive =
      asked.keepAlive === undefined ? decoded.keepAliveMs : parseKeepAlive(asked.keepAlive);
    const projected = withProjections(
      { ...decoded.request, ...(decoded.query === undefined ? {} : { query: decoded.query }) },
      decoded.projections
    );
    const order = pageOrder(projected.body.sort, decoded.request.query);
    const searchAfter =
      Array.isArray(body.search_after) && order.copyIndependent
        ? afterOnAnyCopy(body.search_after)
        : body.search_after;
    const querystring = definedParams(asked.forwarded);
    const { response, pitId } = await searchAllShards(decoded.osPitId, {
      search: (osPitId) =>
        this.openSearch.request<Record<string, unknown> & { _shards?: ShardsHeader }>({
          method: 'POST',
          path: '/_search',
          querystring,
          body: {
            ...projected.body,
            sort: order.sort,
            ...(body.size === undefined ? {} : { size: body.size }),
            ...(searchAfter === undefined ? {} : { search_after: searchAfter }),
            pit: { id: osPitId, keep_alive: `${keepAlive}ms` },
          },
        }),
      reopen: order.resumable
        ? async () => {
            // The contexts left on other nodes are freed now, not at their keep-alive.
            void closePit(this.openSearch, decoded.osPitId);
            const created = await this.openSearch.request<{ pit_id: string }>(
              openPitRequest(decoded.indices, `${keepAlive}ms`, preferenceParam(decoded.preference))
            );
            return created.pit_id;
          }
        : undefined,
      shardsWithoutCopy: () => shardsWithoutCopy(this.openSearch, decoded.indices),
      what: 'this page of the point in time',
      cannotResume: order.copyIndependent
        ? 'their contexts were lost with their node, and a page sorted by [_score] of a scoring query cannot go on from another copy (scores differ between copies); sort by fields, or open a new point in time'
        : 'their contexts were lost with their node, and a sort ending in [_shard_doc] cannot go on from another copy (documents are numbered per copy); leave [_shard_doc] out, or open a new point in time',
    });
    const finished = projected.finish(response);
    const moved = {
      os_pit_id: typeof finished.pit_id === 'string' ? finished.pit_id : pitId,
      keep_alive_ms: keepAlive,
      expires_at: now + keepAlive,
    };
    return { response: finished, moved };
  }

  private async afterLostRace(
    id: string,
    request: Record<string, unknown>,
    moved: PitLife
  ): Promise<void> {
    const winner = await this.store.get(id);
    if (winner === null) throw missing(id);
    // Only a first page writes the whole state, and only once, so the winner's request is set.
    if (winner._source.request === undefined) {
      throw new FederationError(
        409,
        'version_conflict_engine_exception',
        `the state of point in time [${id}] changed while this search ran; send the search again`
      );
    }
    assertSameRequest(winner._source.request, request);
    // The winner's lease may already cover this page; a smaller write would shorten it.
    await this.writeLease(id, winner._source, moved);
  }
}

function missing(id: string): FederationError {
  return new FederationError(
    404,
    'search_context_missing_exception',
    `No search context found for id [${id}]: the point in time expired or was closed`
  );
}
