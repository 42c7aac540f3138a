import { z } from 'zod';

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
    /** Most points in time open at once (OpenSearch's own default is 300). */
    maxOpenPits: z.number().int().positive().default(300),
  })
  .strict();

export type FederationSettings = z.infer<typeof settingsSchema>;

export function parseSettings(raw: unknown): FederationSettings {
  return settingsSchema.parse(raw ?? {});
}
