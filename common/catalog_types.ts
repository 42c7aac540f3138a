/** Request and response shapes of the datasource and virtual-index APIs (docs/api/interface.md §2.1, §2.2). */

export interface JdbcConfig {
  driver: string;
  url: string;
  username?: string;
  /** Write-only: stored encrypted, never returned. */
  password?: string;
  /** IANA zone in which the remote database stores dates and timestamps; UTC when absent. */
  timezone?: string;
}

export interface DatasourceBody {
  jdbc: JdbcConfig;
}

/** A datasource as read back: the password is never part of it. */
export interface DatasourceView {
  jdbc: Omit<JdbcConfig, 'password'> & { password_set: boolean };
}

export interface VirtualIndexBody {
  datasource: string;
  resource: string;
  key?: string;
  catalog?: string;
  schema?: string;
}

export type FieldType = 'keyword' | 'boolean' | 'date' | 'long' | 'double';

export interface VirtualIndexColumn {
  name: string;
  remote_type: string;
  type: FieldType;
  /** Date columns only: the remote value is an instant, not a wall-clock time. */
  zoned?: boolean;
  /**
   * `false` when the remote column is declared NOT NULL (absent: it may hold NULL). Sorts then
   * need no NULL placement, so an index on the column can serve them.
   */
  nullable?: false;
  /**
   * `true` for a keyword column whose collation is deterministic (its equal texts are byte for
   * byte equal): a `terms` bucket is then named by its group's value, with no byte-wise MIN over
   * the rows. Absent: not known, and every group is named byte-wise.
   */
  deterministic?: true;
}

export interface VirtualIndexView extends VirtualIndexBody {
  /** The remote columns the index exposes, as found when it was last saved. */
  columns: VirtualIndexColumn[];
}

export const DATASOURCE_INDEX = '.federation-datasources';
export const VIRTUAL_INDEX_INDEX = '.federation-virtual-indices';
