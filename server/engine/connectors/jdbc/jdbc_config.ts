/** The `jdbc` object a datasource stores, and the parts of connection settings databases share. */

export interface JdbcConfig {
  driver: string;
  url: string;
  username?: string;
  password?: string;
  timezone?: string;
}

/** TLS for PostgreSQL and MySQL; `verify` says how much of the server certificate is checked. */
export interface TlsSpec {
  verify: 'none' | 'ca' | 'full';
  /** Paths on the Federation host, as in the JDBC drivers' `sslrootcert`/`sslcert`/`sslkey`. */
  caFile?: string;
  certFile?: string;
  keyFile?: string;
}

/** What every database's connection settings hold. */
export interface SpecBase {
  /** The IANA zone wall-clock dates are stored in (`jdbc.timezone`); absent means UTC. */
  timezone?: string;
}

/** The settings of a `host[:port]/database` URL (jdbc/host_url.ts): PostgreSQL's and MySQL's. */
export interface HostSpec extends SpecBase {
  host: string;
  port: number;
  database?: string;
  user?: string;
  password?: string;
  ssl?: TlsSpec;
}
