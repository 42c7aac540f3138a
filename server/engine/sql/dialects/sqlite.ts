import type { SqlDialect } from '../dialect';
import { checkPaging, checkPlaceholderIndex, quoteWith } from './dialect_helpers';

export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  quoteIdentifier: (identifier) => quoteWith('"', '"', identifier),
  placeholder: (index) => {
    checkPlaceholderIndex(index);
    return '?';
  },
  limitOffset(sql, limit, offset) {
    checkPaging(limit, offset);
    if (limit === null && offset === 0) return sql;
    // SQLite's grammar has OFFSET only after LIMIT; a negative limit means "no limit".
    const limitText = limit === null ? '-1' : String(limit);
    return offset > 0 ? `${sql} LIMIT ${limitText} OFFSET ${offset}` : `${sql} LIMIT ${limitText}`;
  },
  versionStatement: 'SELECT sqlite_version()',
};
