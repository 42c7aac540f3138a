/**
 * PostgreSQL through `pg`: a pool per datasource, `pg-cursor` for streaming, and the server's own
 * `statement_timeout`. Cancellation uses the wire protocol's CancelRequest, which needs no pooled
 * connection (a pool that is full must still be able to cancel).
 */
import net from 'node:net';
import { Pool, Query, type FieldDef, type PoolClient, type QueryConfig } from 'pg';
import Cursor from 'pg-cursor';
import { postgresDialect } from '../../sql/dialects/postgres';
import { recordOf } from '../../sql/own_property';
import { connectionAddress } from '../connection_spec';
import type {
  ConnectorMetadata,
  QueryOptions,
  RemoteColumn,
  RemoteResource,
  ResourceRef,
  Row,
} from '../connector';
import { connectionError, resourceNotFound } from '../connector_errors';
import type { ConnectorLimits } from '../connector_limits';
import { LifecycleConnector } from '../lifecycle_connector';
import { remoteColumn } from '../remote_column';
import { StatementLifecycle, type RowSource, type SessionHooks } from '../statement_lifecycle';
import { postgresPoolConfig } from './postgres_driver_config';
import { sqlState, translatePostgresError } from './postgres_errors';
import { postgresMappedType, postgresTypeIsZoned } from './postgres_types';
import type { PostgresSpec } from './postgres_url';

/** The server enforces the timeout; the client-side deadline only catches a silent server. */
const DEADLINE = { graceMs: 1_000, budget: false };

// ---------------------------------------------------------------------------------------------
// Statements

// A column without a collation of its own has the database's, which PostgreSQL requires to be
// deterministic; `collisdeterministic` (PostgreSQL 12+) is read through to_jsonb so that an older
// server answers null (not known) instead of failing.
const DESCRIBE_SQL = `SELECT c.column_name, c.data_type, c.udt_name, c.is_nullable, t.typtype,
  CASE WHEN c.collation_name IS NULL THEN true
    ELSE (to_jsonb(co.*) ->> 'collisdeterministic')::boolean END AS deterministic
FROM information_schema.columns c
LEFT JOIN pg_catalog.pg_namespace n ON n.nspname = c.udt_schema
LEFT JOIN pg_catalog.pg_type t ON t.typnamespace = n.oid AND t.typname = c.udt_name
LEFT JOIN pg_catalog.pg_namespace cn ON cn.nspname = c.collation_schema
LEFT JOIN pg_catalog.pg_collation co ON co.collnamespace = cn.oid AND co.collname = c.collation_name
WHERE c.table_catalog::text = COALESCE($1::text, current_database()::text)
  AND c.table_schema::text = COALESCE($2::text, current_schema()::text)
  AND c.table_name::text = $3::text
ORDER BY c.ordinal_position`;

const SYSTEM_SCHEMA_FILTER = (column: string) =>
  `${column} NOT IN ('pg_catalog', 'information_schema') AND ${column} NOT LIKE 'pg\\_toast%' ` +
  `AND ${column} NOT LIKE 'pg\\_temp\\_%'`;

// Only the connection's own database: a PostgreSQL connection reads no other (no cross-database
// queries), so listing the server's others offered catalogs whose tables could never be read.
const CATALOGS_SQL = `SELECT current_database() AS datname`;

const SCHEMAS_SQL = `SELECT current_database() AS catalog, nspname AS name FROM pg_catalog.pg_namespace
WHERE ${SYSTEM_SCHEMA_FILTER('nspname')} AND has_schema_privilege(oid, 'USAGE') ORDER BY nspname`;

const RESOURCES_SQL = `SELECT table_catalog, table_schema, table_name, table_type
FROM information_schema.tables
WHERE ${SYSTEM_SCHEMA_FILTER('table_schema')}
ORDER BY table_schema, table_name`;

interface DescribeRow {
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: string;
  typtype: string | null;
  deterministic: boolean | null;
}

/** information_schema says `USER-DEFINED` and `ARRAY`; the udt name says which. */
function describedType(row: DescribeRow): string {
  if (row.data_type === 'USER-DEFINED') return row.udt_name;
  if (row.data_type === 'ARRAY') return `${row.udt_name.replace(/^_/, '')}[]`;
  return row.data_type;
}

function toColumn(row: DescribeRow): RemoteColumn {
  const remoteType = describedType(row);
  const mapped = postgresMappedType(remoteType, row.typtype === 'e');
  return remoteColumn(
    row.column_name,
    remoteType,
    mapped,
    row.is_nullable === 'YES',
    postgresTypeIsZoned(remoteType),
    row.deterministic ?? undefined
  );
}

/** pg serialises a Date in the process's local zone; ISO UTC text is unambiguous. */
function toParams(params: unknown[]): unknown[] {
  return params.map((p) => (p instanceof Date ? p.toISOString() : p));
}

/** Sends the protocol's CancelRequest on a fresh socket; best effort, never throws. */
function sendCancelRequest(
  host: string,
  port: number,
  processId: number,
  secretKey: number,
  timeoutMs: number
): Promise<void> {
  return new Promise((resolve) => {
    const packet = Buffer.alloc(16);
    packet.writeInt32BE(16, 0);
    packet.writeInt32BE(80877102, 4); // the CancelRequest code
    packet.writeInt32BE(processId, 8);
    packet.writeInt32BE(secretKey, 12);
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    timer.unref();
    socket.once('connect', () => socket.end(packet));
    socket.once('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const noop = () => undefined;

/** The parts of pg's Client that its typings leave out. */
interface PgInternals {
  connection?: { stream?: { destroy(): void } };
  processID: number | null;
  secretKey: number | null;
}

/**
 * Rows are read as arrays and built by recordOf: pg builds row objects by assignment, which only
 * its current version makes safe for a column named `__proto__` (issue 20, defect 3).
 */
function columnNames(fields: readonly FieldDef[]): string[] {
  return fields.map((field) => field.name);
}

export class PostgresConnector extends LifecycleConnector<PoolClient> {
  readonly kind = 'postgres' as const;
  readonly dialect = postgresDialect;
  protected readonly lifecycle: StatementLifecycle<PoolClient>;
  private readonly pool: Pool;
  private readonly address: string;
  /** The statement_timeout each pooled session currently has, to skip a SET when unchanged. */
  private readonly sessionTimeouts = new WeakMap<PoolClient, number>();
  private readonly errorListeners = new WeakSet<PoolClient>();

  constructor(
    private readonly spec: PostgresSpec,
    limits: ConnectorLimits
  ) {
    super(limits);
    this.address = connectionAddress(spec);
    this.pool = new Pool(postgresPoolConfig(spec, limits));
    // An idle client whose server went away emits here; the pool drops it. Not ours to crash on.
    this.pool.on('error', noop);
    this.lifecycle = new StatementLifecycle(this.hooks(), limits, DEADLINE);
  }

  override query(sql: string, params: unknown[], options?: QueryOptions): Promise<Row[]> {
    return this.lifecycle.run(options, async (client) => {
      const result = await client.query<unknown[]>({
        text: sql,
        values: toParams(params),
        rowMode: 'array',
      });
      const names = columnNames(result.fields);
      return result.rows.map((values) => recordOf(names, values));
    });
  }

  override async forEachRow(
    sql: string,
    params: unknown[],
    onRow: (row: Row) => void,
    options?: QueryOptions
  ): Promise<void> {
    // The consumer's own error (e.g. too many keys) is rethrown as it is, not as the database's.
    let stopped: { error: unknown } | undefined;
    try {
      // A plain statement with a row listener: pg then keeps no rows, and without a cursor's
      // portal (which rules parallel plans out) PostgreSQL may use its parallel workers.
      await this.lifecycle.run(
        options,
        (client) =>
          new Promise<void>((resolve, reject) => {
            // pg's Query takes rowMode as client.query does; its typings leave it out.
            const config: QueryConfig & { rowMode: 'array' } = {
              text: sql,
              values: toParams(params),
              rowMode: 'array',
            };
            const query = new Query<unknown[]>(config);
            let names: string[] | undefined;
            query.on('row', (values: unknown[], result) => {
              if (stopped) return;
              try {
                names ??= columnNames(result?.fields ?? []);
                onRow(recordOf(names, values));
              } catch (error) {
                stopped = { error };
                // Not a database error: the lifecycle drops the connection, ending the statement.
                reject(new Error('the row consumer stopped'));
              }
            });
            query.on('error', reject);
            query.on('end', () => resolve());
            client.query(query);
          })
      );
    } catch (error) {
      throw stopped ? stopped.error : error;
    }
  }

  protected open(
    client: PoolClient,
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined
  ): RowSource {
    const cursor = client.query(new Cursor<unknown[]>(sql, toParams(params), { rowMode: 'array' }));
    let names: string[] = [];
    return {
      read: () =>
        new Promise<Row[]>((resolve, reject) => {
          cursor.read(options?.batchSize ?? this.limits.batchSize, (err, rows, result) => {
            if (err) return reject(err);
            // A finished cursor answers [] without a result: the names were read before.
            if (result?.fields) names = columnNames(result.fields);
            resolve(rows.map((values) => recordOf(names, values)));
          });
        }),
      // Closing the portal lets the session be reused.
      close: () => cursor.close().then(() => true),
    };
  }

  async describe(resource: ResourceRef, options?: QueryOptions): Promise<RemoteColumn[]> {
    const rows = (await this.query(
      DESCRIBE_SQL,
      [resource.catalog ?? null, resource.schema ?? null, resource.name],
      options
    )) as unknown as DescribeRow[];
    if (rows.length === 0) throw resourceNotFound(resource);
    return rows.map(toColumn);
  }

  metadata(options?: QueryOptions): Promise<ConnectorMetadata> {
    return this.lifecycle.run(options, async (client) => {
      const catalogs = await client.query<{ datname: string }>(CATALOGS_SQL);
      const schemas = await client.query<{ catalog: string; name: string }>(SCHEMAS_SQL);
      const tables = await client.query<{
        table_catalog: string;
        table_schema: string;
        table_name: string;
        table_type: string;
      }>(RESOURCES_SQL);
      return {
        catalogs: catalogs.rows.map((r) => r.datname),
        schemas: schemas.rows.map((r) => ({ catalog: r.catalog, name: r.name })),
        resources: tables.rows.map((r): RemoteResource => ({
          catalog: r.table_catalog,
          schema: r.table_schema,
          name: r.table_name,
          kind: r.table_type === 'VIEW' ? 'view' : 'table',
        })),
      };
    });
  }

  protected async end(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }

  // -------------------------------------------------------------------------------------------

  /** What differs from the shared lifecycle: pg's pool, statement_timeout, CancelRequest. */
  private hooks(): SessionHooks<PoolClient> {
    return {
      acquire: () => this.acquire(),
      acquireTimeout: () =>
        connectionError(this.address, `no connection within ${this.limits.connectTimeoutMs}ms`),
      setup: (client, timeoutMs) => this.applyTimeout(client, timeoutMs),
      cancel: (client) => this.cancel(client),
      release: (client, destroy) => {
        client.release(destroy || undefined);
        // pg's end() waits for the server to close; a silent server never does.
        if (destroy) (client as unknown as PgInternals).connection?.stream?.destroy();
      },
      // A SQLSTATE means the server answered and the connection is still in a known state.
      reusableAfter: (err) => sqlState(err) !== undefined,
      translate: (err, timeoutMs) =>
        translatePostgresError(err, { spec: this.spec, limits: this.limits, timeoutMs }),
    };
  }

  /** pg's pool bounds connecting and waiting with connectionTimeoutMillis. */
  private async acquire(): Promise<PoolClient> {
    const client = await this.pool.connect();
    if (!this.errorListeners.has(client)) {
      // A connection that breaks between statements emits 'error'; the next statement reports it.
      client.on('error', noop);
      this.errorListeners.add(client);
    }
    return client;
  }

  private async applyTimeout(client: PoolClient, timeoutMs: number): Promise<void> {
    const current = this.sessionTimeouts.get(client) ?? this.limits.statementTimeoutMs;
    if (current === timeoutMs) return;
    await client.query('SELECT set_config($1, $2, false)', [
      'statement_timeout',
      String(timeoutMs),
    ]);
    this.sessionTimeouts.set(client, timeoutMs);
  }

  private cancel(client: PoolClient): Promise<void> {
    const { processID, secretKey } = client as unknown as PgInternals;
    if (processID === null || secretKey === null) return Promise.resolve();
    return sendCancelRequest(
      this.spec.host,
      this.spec.port,
      processID,
      secretKey,
      this.limits.connectTimeoutMs
    );
  }
}
