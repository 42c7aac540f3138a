/**
 * The datasource form's values and the rules between them and the API: what a stored
 * datasource fills in, what a save sends, and when the form differs from what is stored.
 */
import type { DatasourceBody } from '../../../common/catalog_types';
import type { DatasourceSummary } from '../../services/api/datasources_api';
import { isValidDatasourceId } from './datasource_id';
import { presetOf, type DatabaseKind } from './jdbc_presets';
import { DEFAULT_TIME_ZONE } from './time_zones';

export interface DatasourceFormValues {
  id: string;
  driver: string;
  url: string;
  username: string;
  /** Write-only: empty means "keep the stored password" (or "none" for a new datasource). */
  password: string;
  /** Remove the stored password on save (a login that needs none, or a wrong one saved). */
  removePassword: boolean;
  timezone: string;
}

export const EMPTY_FORM: DatasourceFormValues = {
  id: '',
  driver: '',
  url: '',
  username: '',
  password: '',
  removePassword: false,
  timezone: DEFAULT_TIME_ZONE,
};

/** The form for a stored datasource: its settings, and never a password. */
export function formFromDatasource(datasource: DatasourceSummary): DatasourceFormValues {
  return {
    id: datasource.id,
    driver: datasource.jdbc.driver,
    url: datasource.jdbc.url,
    username: datasource.jdbc.username ?? '',
    password: '',
    removePassword: false,
    timezone: datasource.jdbc.timezone ?? DEFAULT_TIME_ZONE,
  };
}

/** A preset fills the driver and a URL template; the login and zone stay as typed. */
export function applyPreset(
  values: DatasourceFormValues,
  kind: DatabaseKind
): DatasourceFormValues {
  const preset = presetOf(kind);
  return {
    ...values,
    driver: preset.driver,
    url: preset.urlTemplate,
    // SQLite has no login: a user name or password left from another preset would be refused.
    ...(preset.hasLogin ? {} : { username: '', password: '' }),
  };
}

/**
 * The body of the PUT. An empty password is left out, which keeps the stored one, unless the
 * stored one is to be removed: then it is sent empty, which the server reads as "none". An empty
 * user name is left out, which removes it.
 */
export function toDatasourceBody(values: DatasourceFormValues): DatasourceBody {
  return {
    jdbc: {
      driver: values.driver.trim(),
      url: values.url.trim(),
      ...(values.username ? { username: values.username } : {}),
      ...(values.removePassword
        ? { password: '' }
        : values.password
          ? { password: values.password }
          : {}),
      timezone: values.timezone,
    },
  };
}

/** True when saving would change what is stored (a typed or removed password always does). */
export function isDirty(
  values: DatasourceFormValues,
  stored: DatasourceFormValues | null
): boolean {
  if (stored === null) return true;
  if (values.password !== '' || values.removePassword) return true;
  return (
    values.driver.trim() !== stored.driver ||
    values.url.trim() !== stored.url ||
    values.username !== stored.username ||
    values.timezone !== stored.timezone
  );
}

/** What keeps the form from being sent; the server judges everything else. */
export function missingFields(values: DatasourceFormValues): Array<'id' | 'driver' | 'url'> {
  const missing: Array<'id' | 'driver' | 'url'> = [];
  if (!isValidDatasourceId(values.id)) missing.push('id');
  if (!values.driver.trim()) missing.push('driver');
  if (!values.url.trim()) missing.push('url');
  return missing;
}
