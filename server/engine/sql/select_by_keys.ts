import type { VirtualIndexColumn } from '../../../common/catalog_types';
import type { ResourceRef } from '../connectors/connector';
import type { SqlDialect } from './dialect';
import { ParamList } from './param_list';
import { qualifiedName } from './qualified_name';

export interface Statement {
  sql: string;
  params: unknown[];
}

/** Keys per statement where each key is its own parameter (MySQL, SQL Server). */
const IN_LIST_CHUNK = 1_000;

/**
 * `SELECT <columns> FROM <resource> WHERE <key> = ANY/IN (<keys>)`. The key is compared as
 * queries compare it (`comparableColumn`), so a key the column's type cannot hold never reaches
 * the database as a type error; keys go in the dialect's list form, in as many statements as
 * the dialect's parameter limit needs.
 */
export function selectByKeys(
  dialect: SqlDialect,
  resource: ResourceRef,
  columns: VirtualIndexColumn[],
  key: string,
  keys: unknown[]
): Statement[] {
  const keyColumn = columns.find((c) => c.name === key);
  if (keyColumn === undefined) throw new Error(`key column [${key}] is not among the columns`);
  const select = columns.map((c) => dialect.quoteIdentifier(c.name)).join(', ');
  const keySql = dialect.comparableColumn(dialect.quoteIdentifier(key), keyColumn);
  const oneParameter = dialect.name === 'postgres' || dialect.name === 'sqlite';
  const chunkSize = oneParameter ? keys.length : Math.min(IN_LIST_CHUNK, dialect.maxParameters);
  const statements: Statement[] = [];
  for (let start = 0; start < keys.length; start += chunkSize) {
    const params = new ParamList(dialect);
    const condition = dialect.anyOf(
      keySql,
      keys.slice(start, start + chunkSize),
      keyColumn,
      (value) => params.add(value)
    );
    statements.push({
      sql: `SELECT ${select} FROM ${qualifiedName(dialect, resource)} WHERE ${condition}`,
      params: params.values,
    });
  }
  return statements;
}
