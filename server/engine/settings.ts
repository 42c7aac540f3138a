import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { hostEntryProblem } from './catalog/datasource_hosts';
import { DEFAULT_CONNECTOR_LIMITS } from './connectors/connector_limits';

/**
 * A list setting: an array (OSD's yml) or comma-separated text (an environment variable);
 * empty text means unset.
 */
function listSetting<T extends z.ZodType<string[] | undefined>>(list: T) {
  return z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value.trim() === ''
          ? undefined
          : value.split(',').map((entry) => entry.trim())
        : value,
    list
  );
}

/**
 * Every limit of the engine, with its default. Inside OSD these come from `federation.*` in
 * opensearch_dashboards.yml; standalone, from FEDERATION_* environment variables.
 */
export const settingsSchema = z
  .object({
    /** Largest request body a route accepts, in bytes. */
    maxRequestBytes: z
      .number()
      .int()
      .positive()
      .default(10 * 1024 * 1024),
    /**
     * Key that encrypts datasource passwords at rest (AES-256-GCM, key derived with HKDF).
     * At least 32 characters. Standalone creates one on first start when none is given.
     */
    encryptionKey: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Connections per datasource pool. */
    connectorPoolSize: z.number().int().min(1).max(100).default(5),
    /** How long opening a connection to a datasource may take. */
    connectorConnectTimeoutMs: z.number().int().positive().default(10_000),
    /** How long one SQL statement may run before the database is asked to cancel it. */
    connectorStatementTimeoutMs: z.number().int().positive().default(60_000),
    /** Idle pooled connections are closed after this long. */
    connectorIdleTimeoutMs: z.number().int().positive().default(30_000),
    /** Rows fetched per round trip when streaming from a datasource. */
    connectorBatchSize: z.number().int().min(1).max(100_000).default(1_000),
    /**
     * MariaDB: the most memory one statement may ask the server for to hold a long key list
     * (`terms`, `ids`, join keys) as an in-memory temporary table, for that statement only; a
     * larger list goes to disk (slower, never wrong). 0 leaves the server's tmp_memory_table_size.
     */
    connectorKeyListTableBytes: z
      .number()
      .int()
      .min(0)
      .default(DEFAULT_CONNECTOR_LIMITS.keyListTableBytes),
    /** Most documents one `_mget` may ask of a virtual index. */
    maxMgetDocs: z.number().int().positive().default(10_000),
    /** Most distinct keys one join may collect from its child (8 bytes each for integer keys). */
    maxJoinKeys: z.number().int().positive().default(1_000_000),
    /** Terms per `terms` filter sent to OpenSearch; keep at or below `index.max_terms_count`. */
    joinTermsChunkSize: z.number().int().positive().default(65_536),
    /** Keys per page when reading a child's keys from OpenSearch (composite aggregation). */
    joinKeyPageSize: z.number().int().min(100).max(65_535).default(10_000),
    /** Send integer join keys to OpenSearch as one RoaringBitmap where the field type allows. */
    joinBitmapFilter: z.boolean().default(true),
    /** How long the joins of one search may take together before it fails with a 504. */
    joinTimeoutMs: z.number().int().positive().default(120_000),
    /**
     * How long each server process keeps a virtual-index catalog entry (or the fact that a name
     * is not one) before reading it again: a virtual index created, changed or deleted through
     * another host sharing the cluster is seen within this; through this one, at once. The same
     * bound holds the names of our system indices' aliases, datasource entries, and for a named
     * caller a passed read check (catalog/read_check_cache.ts) and field types read with
     * `_field_caps` (catalog/field_caps_cache.ts). 0 reads the catalog for every request.
     */
    catalogCacheMs: z.number().int().min(0).max(60_000).default(5_000),
    /** Most points in time open at once (OpenSearch's own default is 300). */
    maxOpenPits: z.number().int().positive().default(300),
    /**
     * Estimated bytes of decoded PIT join filters each server process keeps in memory (least
     * recently used out; dropped when the PIT closes or expires), so later pages skip reading
     * and decoding the stored key sets. A page on a process without the entry reads the stored
     * state. 0 turns the cache off.
     */
    pitFilterCacheBytes: z
      .number()
      .int()
      .min(0)
      .default(128 * 1024 * 1024),
    /**
     * Standalone host only (inside OSD, `opensearch.requestTimeout` applies): how long one call
     * to OpenSearch may wait for its answer. The client retries once on a connection failure,
     * so an OpenSearch that stopped answering gives a 504 after at most twice this.
     */
    openSearchRequestTimeoutMs: z.number().int().positive().default(30_000),
    /**
     * SQLite worker processes (each runs one statement at a time, off the event loop): the most
     * SQLite statements running at once. A running statement keeps a core busy, and the event
     * loop needs one too: 2 suits a small host and still lets a quick SQLite search run beside a
     * slow one. A statement past its timeout is killed with its process, freeing its place.
     */
    sqliteWorkers: z.number().int().min(1).max(64).default(2),
    /**
     * Absolute directories whose files SQLite datasources may open (a list, or comma-separated
     * text); symlinks and `..` are resolved first. Unset: the standalone host allows its demo
     * directory, OSD none.
     */
    sqliteDirectories: listSetting(
      z.array(z.string().refine(isAbsolute, 'must be an absolute directory')).optional()
    ),
    /**
     * Hosts a datasource URL may name: host names, `*.domain` wildcards, IP addresses, CIDR
     * ranges (a list, or comma-separated text). Unset: any host. Names match names only and
     * addresses addresses only; see server/engine/catalog/datasource_hosts.ts for why.
     */
    datasourceHosts: listSetting(
      z
        .array(
          z.string().superRefine((entry, ctx) => {
            const problem = hostEntryProblem(entry);
            if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
          })
        )
        .optional()
    ),
    /** Deepest JSON nesting of a request body (OpenSearch's parser limit, 1000). */
    maxBodyDepth: z.number().int().min(10).max(5_000).default(1_000),
    /**
     * Most compound queries (bool, constant_score, join...) nested in one query, and most
     * aggregation levels. OpenSearch has no such limit and its node dies of a stack overflow past
     * a few hundred; 20 is Elasticsearch's `indices.query.bool.max_nested_depth`.
     */
    maxQueryDepth: z.number().int().min(1).max(200).default(20),
    /** Most buckets in one search response (OpenSearch's `search.max_buckets`). */
    maxBuckets: z.number().int().positive().default(65_535),
    /** Most values in one `terms` query on a virtual index (`index.max_terms_count`). */
    maxTermsCount: z.number().int().positive().default(65_536),
    /** Most bool clauses in one query on a virtual index (`indices.query.bool.max_clause_count`). */
    maxClauseCount: z.number().int().positive().default(1_024),
    /** Largest from + size of a search on virtual indices (`index.max_result_window`). */
    maxResultWindow: z.number().int().positive().default(10_000),
    /** Most rows in one graph response; more gives `truncated: true`, never a silent cut. */
    maxGraphRows: z.number().int().positive().default(10_000),
    /** Most distinct keys carried across one edge of a graph pattern (8 bytes each for integers). */
    maxGraphFrontierKeys: z.number().int().positive().default(1_000_000),
    /** Most documents a graph query fetches for one node after narrowing (held in memory). */
    maxGraphDocuments: z.number().int().positive().default(100_000),
    /** Highest upper bound of a quantified edge `-[:R]->{m,n}` (expansion grows fast with it). */
    maxGraphHops: z.number().int().min(1).max(20).default(5),
    /** How long one graph query may take before it fails with a 504 naming its step. */
    graphTimeoutMs: z.number().int().positive().default(120_000),
    /**
     * Most steps the walks of a graph query's quantified edges `{m,n}` may take together (one
     * step: one document reached over one relation value). Simple paths grow as the m-th power
     * of a dense relation's degree; past this the query is a 400 naming the edge.
     */
    maxGraphPathSteps: z.number().int().positive().default(5_000_000),
    /** Most groups an aggregate graph query may make (implicit grouping); past it a 400. */
    maxGraphGroups: z.number().int().positive().default(100_000),
    /**
     * Most values the `DISTINCT` and `COLLECT` aggregates of one graph query hold together
     * (`COUNT(DISTINCT v.p)`, `SUM(DISTINCT ...)`, `COLLECT(v.p)`, over every group); past it a 400.
     */
    maxGraphAggregateValues: z.number().int().positive().default(1_000_000),
    /** Most entities in one graph model (body `model`, saved queries too). */
    maxGraphModelEntities: z.number().int().positive().default(500),
    /** Most relations in one graph model. */
    maxGraphModelRelations: z.number().int().positive().default(2_000),
    /** Largest graph model, in bytes of its JSON text (body `model`, saved queries too). */
    maxGraphModelBytes: z
      .number()
      .int()
      .positive()
      .default(256 * 1024),
    /**
     * Most points in time one caller may hold open at once (the authenticated user inside OSD,
     * the client address standalone), so that one client cannot take every place of maxOpenPits.
     */
    maxOpenPitsPerUser: z.number().int().positive().default(100),
  })
  .strict();

export type FederationSettings = z.infer<typeof settingsSchema>;

export function parseSettings(raw: unknown): FederationSettings {
  return settingsSchema.parse(raw ?? {});
}
