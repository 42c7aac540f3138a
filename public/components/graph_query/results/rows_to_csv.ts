/**
 * The result table as CSV (RFC 4180): fields separated by commas, records by CRLF, a field that
 * holds a comma, a double quote, CR or LF (or starts or ends with a space) quoted, with its
 * double quotes doubled. Objects and arrays (whole variables, multi-valued fields) are written as
 * JSON so nothing is lost; `null` and missing values are empty fields.
 */
export function rowsToCsv(
  header: readonly string[],
  rows: readonly (readonly unknown[])[]
): string {
  const lines = [header.map((name) => csvField(name)), ...rows.map((row) => row.map(csvField))];
  return lines.map((fields) => fields.join(',')).join('\r\n') + '\r\n';
}

/**
 * Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first): prefixed with `'`,
 * as OpenSearch Dashboards' own CSV export does, so opening a download cannot run a formula.
 * Numbers are written as numbers, so `-5` stays `-5`.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: unknown): string {
  const text = fieldText(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]|^ | $/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value) ?? '';
}
