/**
 * Records the SQL the engine's connectors run in this process and how long each `query` takes
 * (the driver's encoding, the round trip and the database: the part of an engine request the
 * SQL form decides), until `restore`. The benches print it next to their hand-written SQL.
 */
import { MysqlConnector } from '../server/engine/connectors/mysql/mysql_connector';
import { PostgresConnector } from '../server/engine/connectors/postgres/postgres_connector';
import { SqliteConnector } from '../server/engine/connectors/sqlite/sqlite_connector';

export function captureSql(): { statements: string[]; sqlMs: number[]; restore(): void } {
  const statements: string[] = [];
  const sqlMs: number[] = [];
  const prototypes = [
    PostgresConnector.prototype,
    MysqlConnector.prototype,
    SqliteConnector.prototype,
  ];
  const originals = prototypes.map((p) => p.query);
  prototypes.forEach((p, i) => {
    p.query = async function (this: unknown, sql: string, ...rest: unknown[]) {
      statements.push(sql);
      const started = process.hrtime.bigint();
      try {
        return await (originals[i] as (...args: unknown[]) => Promise<never>).call(
          this,
          sql,
          ...rest
        );
      } finally {
        sqlMs.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    } as typeof p.query;
  });
  return {
    statements,
    sqlMs,
    restore: () => prototypes.forEach((p, i) => (p.query = originals[i])),
  };
}
