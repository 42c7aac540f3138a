/**
 * Hostile values and column names: SQL string and identifier breakers, LIKE metacharacters,
 * comment and statement separators, placeholder syntax of each driver, control characters,
 * unicode that normalises or reorders, and 10k-character strings. The rows hold them as values;
 * the table's column names are hostile too.
 */
import type { ColumnSpec, DataRow, TableSpec } from './table_spec';

/** `canary` is the name of a table the injection attempts name, which must survive. */
export function hostileValues(canary: string): string[] {
  const long = 'x'.repeat(10_000);
  return [
    "'",
    "''",
    "' OR '1'='1",
    `'; DROP TABLE ${canary}; --`,
    `"; DROP TABLE ${canary}; --`,
    `\`; DROP TABLE ${canary}; --`,
    `'); DELETE FROM ${canary} WHERE ('1'='1`,
    '"',
    '""',
    '`',
    '\\',
    '\\\\',
    "\\'",
    '\\"',
    '%',
    '%%',
    '_',
    'a_c',
    'abc',
    'aXc',
    'abc%',
    '100%',
    '--',
    '-- comment',
    '/* comment */',
    '*/',
    ';',
    ';;',
    '$1',
    '$$ dollar $$',
    '?',
    '??',
    ':name',
    '@var',
    '*',
    '\\*',
    '[a-z]',
    '.*',
    'tab\there',
    'new\nline',
    'cr\r\nlf',
    'bell\u0007',
    'esc\u001b[31m',
    'del\u007f',
    ' leading',
    'trailing ',
    '  ',
    '',
    'NULL',
    'null',
    'emoji 😀',
    '👨‍👩‍👧',
    '🇫🇮',
    'שלום',
    'مرحبا',
    '\u202Eevil',
    'é',
    'e\u0301',
    'Ａ',
    'ß',
    'SS',
    'İ',
    'ǅ',
    long,
    `${long.slice(0, 4_000)}%_\\${long.slice(0, 5_000)}`,
    'é'.repeat(5_000),
    '😀'.repeat(2_500),
  ];
}

/**
 * Values written to break out of a string literal and read or change `canary` (a table with
 * columns `id` and `secret`): closing quote (plain, backslash-escaped, doubled) and parentheses
 * at several depths, then UNION reads with every column count up to `maxColumns`, OR-always-true,
 * stacked statements, comments, and quote look-alikes that a lax charset conversion could turn
 * into a real quote. A backslash before the quote is what breaks client-side escaping on a
 * server with `NO_BACKSLASH_ESCAPES`.
 */
export function injectionValues(canary: string, maxColumns = 6): string[] {
  const closers = ["'", "')", "'))", "')))", "\\'", "\\')", "\\'))", "'')"];
  const out = [
    "x') UNION SELECT id+100, secret, id FROM " + canary + ' -- ',
    "x' OR 1=1) -- ",
    "x' OR 1=1 -- ",
    "x' OR '1'='1",
    "x\\' OR 1=1) -- ",
    "x\\') OR 1=1 -- ",
    `x'); DELETE FROM ${canary}; -- `,
    `x'); DROP TABLE ${canary}; -- `,
    `x'; UPDATE ${canary} SET secret = 'owned'; -- `,
    "x'/**/OR/**/1=1/**/)/**/#",
    "x' OR 1=1) #",
    "x\u0000' OR 1=1) -- ",
    'x\u2019 OR 1=1) -- ',
    'x\uFF07 OR 1=1) -- ',
    'x\u02BC OR 1=1) -- ',
    "x\u00B4' OR 1=1) -- ",
    'x\u00C0\u0027 OR 1=1) -- ',
    '0x27204f5220313d3129202d2d20',
    "x' || (SELECT secret FROM " + canary + ") || '",
    "x' AND SLEEP(5) -- ",
    "x'; SELECT pg_sleep(5); -- ",
  ];
  for (const close of closers) {
    out.push(`x${close} OR 1=1 -- `);
    for (let n = 1; n <= maxColumns; n++) {
      const select = Array.from({ length: n }, () => 'secret').join(', ');
      out.push(`x${close} UNION SELECT ${select} FROM ${canary} -- `);
    }
  }
  return out;
}

/**
 * Column names that break naive quoting in some dialect: both quote characters, brackets,
 * separators, comment starters, placeholders (`?` for mysql2's client-side formatting, `$1`
 * for pg), `%`, SQL keywords, case. All at most 63 bytes (PostgreSQL's limit), none ending in a
 * space (MariaDB refuses that), no dots (an OpenSearch object path), none beyond U+FFFF
 * (MariaDB identifiers).
 */
export function hostileColumns(canary: string): ColumnSpec[] {
  return [
    { name: 'id', type: 'long' },
    { name: 'v', type: 'keyword' },
    { name: 'a"b', type: 'keyword' },
    { name: 'sp ace', type: 'long' },
    { name: 'semi;colon', type: 'double' },
    { name: 'back`tick', type: 'date' },
    { name: '[brackets]', type: 'boolean' },
    { name: 'select', type: 'keyword' },
    { name: 'order', type: 'long' },
    { name: '--dash', type: 'keyword' },
    { name: 'q?mark', type: 'keyword' },
    { name: 'dollar$1', type: 'long' },
    { name: 'per%cent', type: 'keyword' },
    { name: "it's", type: 'keyword' },
    { name: `x" FROM t; DROP TABLE ${canary}; --`, type: 'keyword' },
    { name: `y\` FROM t; DROP TABLE ${canary}; --`, type: 'keyword' },
    { name: 'ünïcödé', type: 'keyword' },
    { name: 'Mixed Case', type: 'keyword' },
  ];
}

export function hostileSpec(canary: string): TableSpec {
  const values = hostileValues(canary);
  const columns = hostileColumns(canary);
  const groups = ['SELECT', 'select', 'from', "'", '%'];
  const rows: DataRow[] = values.map((value, i) => {
    const row: DataRow = {};
    for (const column of columns) row[column.name] = derived(column, value, i, groups);
    return row;
  });
  return { columns, key: 'id', rows };
}

/** Every column gets a value related to the row (hostile text in keywords, nulls now and then). */
function derived(column: ColumnSpec, value: string, i: number, groups: string[]) {
  if (column.name === 'id') return i + 1;
  if (column.name === 'v') return value;
  if (i % 11 === 5) return null;
  switch (column.type) {
    case 'long':
      return ((i * 7919) % 211) - 100;
    case 'double':
      return ((i * 31) % 17) / 4 - 2;
    case 'boolean':
      return i % 3 === 0;
    case 'date':
      return new Date(Date.UTC(2024, 2, 30) + i * 3_600_000 * 5).toISOString();
    default:
      return column.name === 'select'
        ? groups[i % groups.length]
        : Array.from(value).slice(0, 40).join('') + column.name;
  }
}
