import type { VirtualIndexColumn } from '../../../common/catalog_types';
import type { ResourceRef } from '../connectors/connector';
import type { SqlDialect } from './dialect';
import { qualifiedName } from './qualified_name';

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * `SELECT <columns> FROM <resource> WHERE <key> IN (<keys>)`, one statement per chunk of keys so
 * no database's parameter limit is reached (SQL Server allows 2,100).
 */
export function selectByKeys(
  dialect: SqlDialect,
  resource: ResourceRef,
  columns: VirtualIndexColumn[],
  key: string,
  keys: unknown[],
  chunkSize = 1_000
): Statement[] {
  const select = columns.map((c) => dialect.quoteIdentifier(c.name)).join(', ');
  const statements: Statement[] = [];
  for (let start = 0; start < keys.length; start += chunkSize) {
    const chunk = keys.slice(start, start + chunkSize);
    const placeholders = chunk.map((_, i) => dialect.placeholder(i + 1)).join(', ');
    statements.push({
      sql: `SELECT ${select} FROM ${qualifiedName(dialect, resource)} WHERE ${dialect.quoteIdentifier(key)} IN (${placeholders})`,
      params: chunk,
    });
  }
  return statements;
}
