import type { SqlDialect } from '../dialect';
import { checkPaging, checkPlaceholderIndex, quoteWith } from './dialect_helpers';

export const postgresDialect: SqlDialect = {
  name: 'postgres',
  quoteIdentifier: (identifier) => quoteWith('"', '"', identifier),
  placeholder: (index) => `$${checkPlaceholderIndex(index)}`,
  limitOffset(sql, limit, offset) {
    checkPaging(limit, offset);
    const parts: string[] = [];
    if (limit !== null) parts.push(`LIMIT ${limit}`);
    if (offset > 0) parts.push(`OFFSET ${offset}`);
    return parts.length ? `${sql} ${parts.join(' ')}` : sql;
  },
  versionStatement: 'SELECT version()',
};
