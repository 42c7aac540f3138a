import type { SqlDialect } from '../dialect';
import { checkPaging, checkPlaceholderIndex, quoteWith } from './dialect_helpers';

export const sqlServerDialect: SqlDialect = {
  name: 'sqlserver',
  quoteIdentifier: (identifier) => quoteWith('[', ']', identifier),
  placeholder: (index) => `@p${checkPlaceholderIndex(index)}`,
  /** OFFSET ... FETCH is only valid after ORDER BY, which the contract requires of `sql`. */
  limitOffset(sql, limit, offset) {
    checkPaging(limit, offset);
    if (limit === null && offset === 0) return sql;
    const offsetClause = `${sql} OFFSET ${offset} ROWS`;
    if (limit === null) return offsetClause;
    // FETCH NEXT 0 ROWS is an error (Msg 10744); TOP (0) over the ordered statement is not, and
    // the inner OFFSET keeps its ORDER BY legal inside a derived table.
    if (limit === 0) return `SELECT TOP (0) * FROM (${offsetClause}) AS [paged]`;
    return `${offsetClause} FETCH NEXT ${limit} ROWS ONLY`;
  },
  versionStatement: 'SELECT @@VERSION',
};
