import type { SqlDialect } from '../dialect';
import { checkPaging, checkPlaceholderIndex, quoteWith } from './dialect_helpers';

/** MySQL has no OFFSET without LIMIT; its manual prescribes the largest BIGINT UNSIGNED instead. */
const NO_LIMIT = '18446744073709551615';

export const mysqlDialect: SqlDialect = {
  name: 'mysql',
  quoteIdentifier: (identifier) => quoteWith('`', '`', identifier),
  placeholder: (index) => {
    checkPlaceholderIndex(index);
    return '?';
  },
  limitOffset(sql, limit, offset) {
    checkPaging(limit, offset);
    if (limit === null && offset === 0) return sql;
    const limitText = limit === null ? NO_LIMIT : String(limit);
    return offset > 0 ? `${sql} LIMIT ${limitText} OFFSET ${offset}` : `${sql} LIMIT ${limitText}`;
  },
  versionStatement: 'SELECT VERSION()',
};
