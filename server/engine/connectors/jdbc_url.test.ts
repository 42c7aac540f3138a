import { describe, expect, it } from 'vitest';
import { FederationError } from '../errors';
import type { JdbcConfig } from './jdbc/jdbc_config';
import { parseDatasourceConfig, extractUrlCredentials } from './jdbc_url';

const PG = 'org.postgresql.Driver';
const MYSQL_DRIVERS = [
  'com.mysql.cj.jdbc.Driver',
  'com.mysql.jdbc.Driver',
  'org.mariadb.jdbc.Driver',
];
const MSSQL = 'com.microsoft.sqlserver.jdbc.SQLServerDriver';
const SQLITE = 'org.sqlite.JDBC';

/** The 400 thrown for `jdbc`, or fails. */
function rejection(jdbc: JdbcConfig): FederationError {
  try {
    parseDatasourceConfig(jdbc);
  } catch (err) {
    expect(err).toBeInstanceOf(FederationError);
    const error = err as FederationError;
    expect(error.status).toBe(400);
    expect(error.type).toBe('illegal_argument_exception');
    return error;
  }
  throw new Error(`expected ${JSON.stringify(jdbc)} to be rejected`);
}

describe('parseDatasourceConfig: timezone', () => {
  it('keeps a valid IANA zone', () => {
    expect(
      parseDatasourceConfig({ driver: SQLITE, url: 'jdbc:sqlite:/a.db', timezone: 'Europe/Paris' })
    ).toEqual({ kind: 'sqlite', file: '/a.db', timezone: 'Europe/Paris' });
    expect(
      parseDatasourceConfig({ driver: PG, url: 'jdbc:postgresql://h/db', timezone: 'UTC' })
    ).toMatchObject({ timezone: 'UTC' });
  });

  it.each(['Mars/Olympus', '', 'GMT+25', 'Europe/Pariss'])('rejects %j', (timezone) => {
    const error = rejection({ driver: PG, url: 'jdbc:postgresql://h/db', timezone });
    expect(error.reason).toContain('jdbc.timezone');
    expect(error.reason).toContain('IANA');
  });
});

describe('parseDatasourceConfig: rejections', () => {
  it('rejects an unknown driver and lists every supported pair', () => {
    const error = rejection({
      driver: 'oracle.jdbc.OracleDriver',
      url: 'jdbc:oracle:thin:@h:1521:x',
    });
    expect(error.reason).toContain('jdbc.driver [oracle.jdbc.OracleDriver] is not supported');
    for (const text of [
      'org.postgresql.Driver with jdbc:postgresql://',
      'com.mysql.cj.jdbc.Driver',
      'com.mysql.jdbc.Driver',
      'org.mariadb.jdbc.Driver',
      'jdbc:mariadb://',
      'com.microsoft.sqlserver.jdbc.SQLServerDriver with jdbc:sqlserver://',
      'org.sqlite.JDBC with jdbc:sqlite:',
    ]) {
      expect(error.reason).toContain(text);
    }
  });

  it.each([
    [PG, 'jdbc:mysql://h/db'],
    [MYSQL_DRIVERS[0], 'jdbc:postgresql://h/db'],
    [MSSQL, 'jdbc:sqlite:/a.db'],
    [SQLITE, 'jdbc:sqlserver://h'],
    [PG, 'postgresql://h/db'],
    [PG, 'jdbc:postgresql:db'],
  ])('rejects %s with %s as a mismatch', (driver, url) => {
    const error = rejection({ driver, url });
    expect(error.reason).toContain(`does not match jdbc.driver [${driver}]`);
    expect(error.reason).toContain('supported jdbc.driver and jdbc.url pairs');
  });

  it.each([
    [PG, 'jdbc:postgresql://h:0/db', 'the port is not a number between 1 and 65535'],
    [PG, 'jdbc:postgresql://h:70000/db', 'the port is not'],
    [PG, 'jdbc:postgresql://h:abc/db', 'the port is not'],
    [PG, 'jdbc:postgresql://:5432/db', 'names no host'],
    [PG, 'jdbc:postgresql://h1,h2/db', 'several hosts'],
    [PG, 'jdbc:postgresql://h/db/extra', "contains a '/'"],
    [PG, 'jdbc:postgresql://bad host/db', 'the host is not a valid host name'],
    [MYSQL_DRIVERS[0], 'jdbc:mysql://(host=h,password=x)/db', 'key=value or address=(...)'],
    [PG, 'jdbc:postgresql://u:p/w@h/db', "'@' after the host"],
    [PG, 'jdbc:postgresql://h/db?sslpassword=x', 'parameter 1 [sslpassword] holds a credential'],
    [MYSQL_DRIVERS[2], 'jdbc:mariadb://h/db?a=1&trustStorePassword=x', 'parameter 2'],
    [MSSQL, 'jdbc:sqlserver://h;keyStoreSecret=x', 'property 1 [keyStoreSecret] holds'],
    [PG, 'jdbc:postgresql://h/db?my_api_token=x', '[my_api_token] holds a credential'],
    [PG, 'jdbc:postgresql://[::1/db', "no closing ']'"],
    [PG, 'jdbc:postgresql://h/db?sslmode=sometimes', 'sslmode [sometimes]'],
    [PG, 'jdbc:postgresql://h/db?ssl=maybe', 'parameter [ssl] must be true or false'],
    [PG, 'jdbc:postgresql://h/d%ZZb', 'invalid percent-encoding'],
    [MYSQL_DRIVERS[0], 'jdbc:mysql://h/db?sslMode=SOMETIMES', 'sslMode [SOMETIMES]'],
    [MSSQL, 'jdbc:sqlserver://;databaseName=x', 'names no host'],
    [MSSQL, 'jdbc:sqlserver://h:99999', 'the port is not'],
    [MSSQL, 'jdbc:sqlserver://h;databaseName', "property 1 has no '=value'"],
    [MSSQL, 'jdbc:sqlserver://h;password={abc', "unclosed '{'"],
    [MSSQL, 'jdbc:sqlserver://h;encrypt=perhaps', 'encrypt [perhaps]'],
    [MSSQL, 'jdbc:sqlserver://h;integratedSecurity=true', 'integratedSecurity is not supported'],
    [
      MSSQL,
      'jdbc:sqlserver://h;authentication=ActiveDirectoryMSI',
      'authentication [ActiveDirectoryMSI]',
    ],
    [MSSQL, 'jdbc:sqlserver://h\\bad/inst', "the instance name after '\\' is not valid"],
    [SQLITE, 'jdbc:sqlite:', 'names no database file'],
    [SQLITE, 'jdbc:sqlite::resource:db.sqlite', '[:resource:db.sqlite] is not supported'],
  ])('%s %s: %s', (driver, url, problem) => {
    const error = rejection({ driver, url });
    expect(error.reason).toContain('is malformed');
    expect(error.reason).toContain(problem);
    expect(error.reason).toContain('supported jdbc.driver and jdbc.url pairs');
  });

  it('rejects non-string settings', () => {
    rejection({ driver: PG, url: 42 as unknown as string });
  });

  it('never echoes a password in a rejection', () => {
    for (const url of [
      'jdbc:postgresql://h:bad/db?password=TopSecret1',
      'jdbc:mysql://u:TopSecret1@h:bad/db',
      'jdbc:sqlserver://h:bad;password={TopSecret1}',
      'jdbc:sqlserver://h;password=TopSecret1;encrypt=perhaps',
      'jdbc:postgresql://h/db?password=TopSecret1%ZZ',
      'jdbc:postgresql://h/db?p%61ssword=TopSecret1%ZZ',
      'jdbc:postgresql://u:TopSecret1%ZZ@h/db',
      'jdbc:postgresql://u:Top/Secret1@h/db',
      'jdbc:postgresql://u:TopSecret1?x@h/db',
      'jdbc:postgresql://u:12?TopSecret1@h/db',
      'jdbc:mysql://u:TopSecret1@h:x/db',
      'jdbc:mysql://(host=h,password=TopSecret1)/db',
      'jdbc:mysql://h/db?clientCertificateKeyStorePassword=TopSecret1',
      'jdbc:sqlserver://h;password=TopSecret1;Secret1',
      'jdbc:sqlserver://h;password={TopSecret1',
      'jdbc:sqlserver://h;password={Top}Secret1}',
      'jdbc:sqlserver://TopSecret1@h',
      'jdbc:postgres://h/db?password=TopSecret1',
    ]) {
      const driver = url.startsWith('jdbc:postgresql')
        ? PG
        : url.startsWith('jdbc:mysql')
          ? MYSQL_DRIVERS[0]
          : MSSQL;
      const reason = rejection({ driver, url }).reason;
      expect(reason).not.toContain('TopSecret1');
      expect(reason).not.toContain('Secret1');
    }
  });
});

describe('extractUrlCredentials', () => {
  const extract = (driver: string, url: string) => extractUrlCredentials({ driver, url });

  it.each([
    // user-info, percent-decoded; the rest of the URL is kept as written
    [
      PG,
      'jdbc:postgresql://user:P%40ss@h:5/db?ssl=true',
      'jdbc:postgresql://h:5/db?ssl=true',
      ['user'],
      ['P@ss'],
    ],
    [MYSQL_DRIVERS[0], 'jdbc:mysql://u@h/db', 'jdbc:mysql://h/db', ['u'], []],
    // a percent-encoded key, any case, stray spaces around it
    [
      PG,
      'jdbc:postgresql://h/db?user=u&p%61ssword=PASS',
      'jdbc:postgresql://h/db',
      ['u'],
      ['PASS'],
    ],
    [
      PG,
      'jdbc:postgresql://h/db?a=1& PassWord =PASS&b=2',
      'jdbc:postgresql://h/db?a=1&b=2',
      [],
      ['PASS'],
    ],
    [MYSQL_DRIVERS[2], 'jdbc:mariadb://h/db?password1=PASS', 'jdbc:mariadb://h/db', [], ['PASS']],
    // SQL Server: spaces, braces with }} escapes, synonyms
    [
      MSSQL,
      'jdbc:sqlserver://h;databaseName=d; password = PASS ;x=1',
      'jdbc:sqlserver://h;databaseName=d;x=1',
      [],
      ['PASS'],
    ],
    [MSSQL, 'jdbc:sqlserver://h;PWD={A;B}}C};UID=u', 'jdbc:sqlserver://h', ['u'], ['A;B}C']],
    [MSSQL, 'jdbc:sqlserver://h;userName=u', 'jdbc:sqlserver://h', ['u'], []],
    [SQLITE, 'jdbc:sqlite:/tmp/password=x.db', 'jdbc:sqlite:/tmp/password=x.db', [], []],
  ])('%s %s', (driver, url, cleaned, users, passwords) => {
    const found = extract(driver, url);
    expect(found.url).toBe(cleaned);
    expect(found.users.map((u) => u.value)).toEqual(users);
    expect(found.passwords.map((p) => p.value)).toEqual(passwords);
    // The cleaned URL still parses to the same connection, less the credentials.
    parseDatasourceConfig({ driver, url: found.url });
  });

  it('says where each credential was found', () => {
    const found = extract(PG, 'jdbc:postgresql://a:b@h/db?PASSWORD=c');
    expect(found.passwords.map((p) => p.where)).toEqual([
      'the user-info (user:password@) of jdbc.url',
      'jdbc.url parameter [PASSWORD]',
    ]);
  });

  it('reads what the connectors read: user-info, pwd and uid become the login', () => {
    expect(
      parseDatasourceConfig({ driver: MSSQL, url: 'jdbc:sqlserver://h;uid=u;pwd={p;w}' })
    ).toMatchObject({
      user: 'u',
      password: 'p;w',
    });
    expect(
      parseDatasourceConfig({ driver: PG, url: 'jdbc:postgresql://h/db?p%61ssword=x' })
    ).toMatchObject({
      password: 'x',
    });
  });
});
