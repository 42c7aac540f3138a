/** Datasource ids: readable names that are safe in URLs, logs and OpenSearch document ids. */
const DATASOURCE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

export function datasourceIdProblem(id: string): string | null {
  return DATASOURCE_ID.test(id)
    ? null
    : 'must be 1 to 128 characters of letters, digits, `_`, `.` or `-`, starting with a letter or digit';
}
