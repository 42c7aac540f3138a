/**
 * The server's rule for datasource ids (server/engine/catalog/datasource_ids.ts), checked as the
 * user types; datasource_id.test.ts holds the two to the same answers.
 */
const DATASOURCE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

export function isValidDatasourceId(id: string): boolean {
  return DATASOURCE_ID.test(id);
}
