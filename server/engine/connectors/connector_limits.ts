/** The limits every connector runs under: pool size, timeouts, batch size (settings.ts sets them). */

export interface ConnectorLimits {
  /** Most connections one datasource holds open at once. */
  poolSize: number;
  /** How long opening a connection (or waiting for a free pooled one) may take. */
  connectTimeoutMs: number;
  /** Default statement timeout, when a call passes no `timeoutMs`; 0 means none. */
  statementTimeoutMs: number;
  /** An idle pooled connection is closed after this long. */
  idleTimeoutMs: number;
  /** Rows fetched from the server per round trip while streaming. */
  batchSize: number;
  /**
   * MariaDB: the most in-memory temporary table one statement may ask for to hold a long key
   * list (`SET STATEMENT tmp_memory_table_size`), so the list is not written to disk; 0 leaves
   * the server's own size.
   */
  keyListTableBytes: number;
}

export const DEFAULT_CONNECTOR_LIMITS: Readonly<ConnectorLimits> = Object.freeze({
  poolSize: 10,
  connectTimeoutMs: 10_000,
  statementTimeoutMs: 60_000,
  idleTimeoutMs: 30_000,
  batchSize: 1_000,
  keyListTableBytes: 256 * 1024 * 1024,
});
