import { describe, expect, it } from 'vitest';
import { parseDatasourceConfig } from '../jdbc_url';

const MYSQL_DRIVERS = [
  'com.mysql.cj.jdbc.Driver',
  'com.mysql.jdbc.Driver',
  'org.mariadb.jdbc.Driver',
];

describe('parseDatasourceConfig: MySQL and MariaDB', () => {
  it.each(MYSQL_DRIVERS.flatMap((driver) => ['mysql', 'mariadb'].map((sub) => [driver, sub])))(
    '%s with jdbc:%s://',
    (driver, sub) => {
      expect(
        parseDatasourceConfig({
          driver,
          url: `jdbc:${sub}://127.0.0.1:3307/shop`,
          username: 'root',
        })
      ).toEqual({ kind: 'mysql', host: '127.0.0.1', port: 3307, database: 'shop', user: 'root' });
    }
  );

  it('defaults the port to 3306', () => {
    expect(
      parseDatasourceConfig({ driver: MYSQL_DRIVERS[0], url: 'jdbc:mysql://h/db' })
    ).toMatchObject({
      port: 3306,
    });
  });

  it('honours URL credentials, userinfo included, and lets the explicit fields win', () => {
    expect(
      parseDatasourceConfig({ driver: MYSQL_DRIVERS[0], url: 'jdbc:mysql://u:p%40ss@h/db' })
    ).toMatchObject({ user: 'u', password: 'p@ss' });
    expect(
      parseDatasourceConfig({
        driver: MYSQL_DRIVERS[2],
        url: 'jdbc:mariadb://h/db?user=a&password=b',
        username: 'c',
      })
    ).toMatchObject({ user: 'c', password: 'b' });
  });

  it('maps sslMode in both vocabularies and the legacy useSSL', () => {
    const ssl = (query: string) =>
      (
        parseDatasourceConfig({ driver: MYSQL_DRIVERS[0], url: `jdbc:mysql://h/db?${query}` }) as {
          ssl?: unknown;
        }
      ).ssl;
    expect(ssl('sslMode=DISABLED')).toBeUndefined();
    expect(ssl('sslMode=PREFERRED')).toBeUndefined();
    expect(ssl('sslMode=REQUIRED')).toEqual({ verify: 'none' });
    expect(ssl('sslMode=VERIFY_CA')).toEqual({ verify: 'ca' });
    expect(ssl('sslMode=VERIFY_IDENTITY')).toEqual({ verify: 'full' });
    expect(ssl('sslMode=trust')).toEqual({ verify: 'none' });
    expect(ssl('sslMode=verify-full')).toEqual({ verify: 'full' });
    expect(ssl('useSSL=true')).toEqual({ verify: 'ca' });
    expect(ssl('useSsl=true&trustServerCertificate=true')).toEqual({ verify: 'none' });
    expect(ssl('useSSL=true&verifyServerCertificate=false')).toEqual({ verify: 'none' });
    expect(ssl('useSSL=false')).toBeUndefined();
  });
});
