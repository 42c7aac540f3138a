import type { VirtualIndexColumn } from '../../../common/catalog_types';
import type { ResourceRef } from './remote_types';
import type { SqlDialect } from './dialect';
import { NO_MATCH } from './dialects/key_list_forms';
import { qualifiedName } from './qualified_name';
import { renderSql, sql, type Statement } from './sql_fragment';
import { selectList } from './statements';

export type { Statement };

/**
 * `SELECT <columns> FROM <resource> WHERE <key> = ANY/IN (<keys>)`: one statement, the keys in
 * the dialect's list form (`anyOf`), which binds a long list as one parameter on every dialect,
 * so no parameter limit splits it. The dialect compares the key as queries do, or as its own
 * type where that keeps its index usable (a uuid), so a key the column cannot hold never reaches
 * the database as a type error: it matches no row. No statement when no key can match.
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
  // PostgreSQL text cannot hold U+0000: such a key names no row and would fail the statement.
  const sendable = dialect.textHoldsNul
    ? keys
    : keys.filter((k) => typeof k !== 'string' || !k.includes('\u0000'));
  if (sendable.length === 0) return [];
  const condition = dialect.anyOf(dialect.quoteIdentifier(key), sendable, keyColumn);
  if (condition === NO_MATCH) return [];
  const select = selectList(dialect, columns);
  const from = qualifiedName(dialect, resource);
  return [renderSql(sql`SELECT ${select} FROM ${from} WHERE ${condition}`, dialect)];
}
