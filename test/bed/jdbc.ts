/** JDBC settings of a datasource for a test-bed database (no test runner needed: benches use it too). */

export function jdbcFor(
  kind: 'postgres' | 'mysql',
  url: string,
  overrides: { password?: string; user?: string } = {}
) {
  const parsed = new URL(url);
  const database = parsed.pathname.replace(/^\//, '');
  const host = `${parsed.hostname}:${parsed.port || (kind === 'postgres' ? 5432 : 3306)}`;
  const user = overrides.user ?? decodeURIComponent(parsed.username);
  const password =
    overrides.password ?? (parsed.password ? decodeURIComponent(parsed.password) : undefined);
  return kind === 'postgres'
    ? {
        driver: 'org.postgresql.Driver',
        url: `jdbc:postgresql://${host}/${database}`,
        username: user,
        password,
      }
    : {
        driver: 'org.mariadb.jdbc.Driver',
        url: `jdbc:mariadb://${host}/${database}`,
        username: user,
        password,
      };
}

export function sqliteJdbc(file: string) {
  return { driver: 'org.sqlite.JDBC', url: `jdbc:sqlite:${file}` };
}
