import { describe, expect, it } from 'vitest';
import { parseDatasourceConfig } from '../../../server/engine/connectors/jdbc_url';
import { databaseKindOf, JDBC_PRESETS, SUPPORTED_DRIVERS } from './jdbc_presets';

/** The server's connector for each database the presets name (MariaDB speaks MySQL's protocol). */
const CONNECTOR_OF = {
  postgresql: 'postgres',
  mysql: 'mysql',
  mariadb: 'mysql',
  sqlserver: 'sqlserver',
  sqlite: 'sqlite',
} as const;

describe('JDBC presets', () => {
  it.each(JDBC_PRESETS.map((p) => [p.label, p] as const))(
    "%s: the server's parser accepts the template",
    (_label, preset) => {
      const spec = parseDatasourceConfig({ driver: preset.driver, url: preset.urlTemplate });
      expect(spec.kind).toBe(CONNECTOR_OF[preset.kind]);
      expect(databaseKindOf({ driver: preset.driver, url: preset.urlTemplate })).toBe(preset.kind);
    }
  );

  it('offers exactly the driver classes the server accepts: a made-up one is refused', () => {
    for (const driver of SUPPORTED_DRIVERS) {
      const url = driver.includes('sqlite')
        ? 'jdbc:sqlite::memory:'
        : driver.includes('sqlserver')
          ? 'jdbc:sqlserver://h:1433'
          : driver.includes('postgresql')
            ? 'jdbc:postgresql://h/db'
            : 'jdbc:mysql://h/db';
      expect(() => parseDatasourceConfig({ driver, url })).not.toThrow();
    }
    expect(() => parseDatasourceConfig({ driver: 'org.h2.Driver', url: 'jdbc:h2:mem:x' })).toThrow(
      /is not supported/
    );
  });

  it('tells MySQL from MariaDB by the URL scheme, whichever driver class is used', () => {
    expect(databaseKindOf({ driver: 'org.mariadb.jdbc.Driver', url: 'jdbc:mysql://h/db' })).toBe(
      'mysql'
    );
    expect(databaseKindOf({ driver: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mariadb://h/db' })).toBe(
      'mariadb'
    );
    expect(databaseKindOf({ driver: 'org.sqlite.JDBC', url: 'jdbc:sqlite:x.db' })).toBe('sqlite');
    expect(databaseKindOf({ driver: 'x.Unknown', url: 'jdbc:x:y' })).toBeNull();
  });
});
