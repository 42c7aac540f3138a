import { errorDetails } from '../../services/error_reason';

export type DatasourceField = 'id' | 'driver' | 'url' | 'username' | 'password' | 'timezone';

/**
 * How the server's reasons name the form's fields: the engine writes `jdbc.url`, request-body
 * checks write `[jdbc.url]`, and an id problem starts "Invalid datasource id".
 */
const FIELD_NAMES: ReadonlyArray<[DatasourceField, RegExp]> = [
  ['id', /invalid datasource id/i],
  ['driver', /jdbc\.driver/],
  ['url', /jdbc\.url/],
  ['username', /jdbc\.username/],
  ['password', /jdbc\.password/],
  ['timezone', /jdbc\.timezone/],
];

/**
 * The field a rejected save is about: the one the 400's reason names first (a reason such as
 * "jdbc.url ... does not match jdbc.driver" is about the URL). Null when it names none, or the
 * failure was not the request's fault.
 */
export function datasourceFieldOf(error: unknown): DatasourceField | null {
  const { reason, status } = errorDetails(error);
  if (status !== 400) return null;
  let best: { field: DatasourceField; at: number } | null = null;
  for (const [field, pattern] of FIELD_NAMES) {
    const at = reason.search(pattern);
    if (at >= 0 && (best === null || at < best.at)) best = { field, at };
  }
  return best?.field ?? null;
}
