import { describe, expect, it } from 'vitest';
import { FederationError } from '../errors';
import {
  connectionAddress,
  parseDatasourceConfig,
  extractUrlCredentials,
  parseSqlServerPropertyText,
  type JdbcConfig,
} from './jdbc_url';

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

describe('parseDatasourceConfig: PostgreSQL', () => {
  it('reads host, port, database and the explicit credentials', () => {
    expect(
      parseDatasourceConfig({
        driver: PG,
        url: 'jdbc:postgresql://db.example.com:6543/sales',
        username: 'alice',
        password: 'pw',
      })
    ).toEqual({
      kind: 'postgres',
      host: 'db.example.com',
      port: 6543,
      database: 'sales',
      user: 'alice',
      password: 'pw',
    });
  });

  it('defaults the port to 5432 and leaves out an absent database', () => {
    expect(parseDatasourceConfig({ driver: PG, url: 'jdbc:postgresql://localhost' })).toEqual({
      kind: 'postgres',
      host: 'localhost',
      port: 5432,
    });
    expect(parseDatasourceConfig({ driver: PG, url: 'jdbc:postgresql://localhost/' })).toEqual({
      kind: 'postgres',
      host: 'localhost',
      port: 5432,
    });
  });

  it('honours user= and password= in the URL, percent-decoded', () => {
    const spec = parseDatasourceConfig({
      driver: PG,
      url: 'jdbc:postgresql://h/db?user=bob&password=p%26ss%3Dword',
    });
    expect(spec).toMatchObject({ user: 'bob', password: 'p&ss=word' });
  });

  it('lets explicit username and password win over the URL', () => {
    const spec = parseDatasourceConfig({
      driver: PG,
      url: 'jdbc:postgresql://h/db?user=bob&password=fromurl',
      username: 'carol',
      password: 'explicit',
    });
    expect(spec).toMatchObject({ user: 'carol', password: 'explicit' });
  });

  it('keeps an explicit empty password', () => {
    const spec = parseDatasourceConfig({
      driver: PG,
      url: 'jdbc:postgresql://h/db?password=fromurl',
      password: '',
    });
    expect(spec).toMatchObject({ password: '' });
  });

  it('maps sslmode and the legacy ssl flags', () => {
    const ssl = (query: string) =>
      (
        parseDatasourceConfig({ driver: PG, url: `jdbc:postgresql://h/db?${query}` }) as {
          ssl?: unknown;
        }
      ).ssl;
    expect(ssl('sslmode=disable')).toBeUndefined();
    expect(ssl('sslmode=prefer')).toBeUndefined();
    expect(ssl('sslmode=require')).toEqual({ verify: 'none' });
    expect(ssl('sslmode=verify-ca&sslrootcert=/etc/ca.pem')).toEqual({
      verify: 'ca',
      caFile: '/etc/ca.pem',
    });
    expect(ssl('sslmode=verify-full&sslcert=/c.pem&sslkey=/k.pem')).toEqual({
      verify: 'full',
      certFile: '/c.pem',
      keyFile: '/k.pem',
    });
    expect(ssl('ssl=true')).toEqual({ verify: 'full' });
    expect(ssl('ssl')).toEqual({ verify: 'full' });
    expect(ssl('ssl=false')).toBeUndefined();
    expect(ssl('ssl=true&sslfactory=org.postgresql.ssl.NonValidatingFactory')).toEqual({
      verify: 'none',
    });
  });

  it('reads currentSchema and accepts IPv6 hosts', () => {
    expect(
      parseDatasourceConfig({
        driver: PG,
        url: 'jdbc:postgresql://[::1]:5433/db?currentSchema=app',
      })
    ).toEqual({ kind: 'postgres', host: '::1', port: 5433, database: 'db', schema: 'app' });
  });

  it('ignores parameters it does not know', () => {
    expect(
      parseDatasourceConfig({
        driver: PG,
        url: 'jdbc:postgresql://h/db?ApplicationName=x&tcpKeepAlive=true',
      })
    ).toEqual({ kind: 'postgres', host: 'h', port: 5432, database: 'db' });
  });
});

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

describe('parseDatasourceConfig: SQL Server', () => {
  it('reads host, port and the ;key=value properties', () => {
    expect(
      parseDatasourceConfig({
        driver: MSSQL,
        url: 'jdbc:sqlserver://sql.example.com:1444;databaseName=sales;encrypt=false;trustServerCertificate=true',
        username: 'sa',
        password: 'pw',
      })
    ).toEqual({
      kind: 'sqlserver',
      host: 'sql.example.com',
      port: 1444,
      database: 'sales',
      user: 'sa',
      password: 'pw',
      encrypt: false,
      trustServerCertificate: true,
    });
  });

  it('defaults to port 1433, encryption on and the certificate checked', () => {
    expect(parseDatasourceConfig({ driver: MSSQL, url: 'jdbc:sqlserver://h;database=db' })).toEqual(
      {
        kind: 'sqlserver',
        host: 'h',
        port: 1433,
        database: 'db',
        encrypt: true,
        trustServerCertificate: false,
      }
    );
  });

  it('leaves the port unset for a named instance without one, so SQL Browser finds it', () => {
    expect(
      parseDatasourceConfig({
        driver: MSSQL,
        url: 'jdbc:sqlserver://h\\SQLEXPRESS;databaseName=db',
      })
    ).toMatchObject({ host: 'h', instanceName: 'SQLEXPRESS', database: 'db' });
    const spec = parseDatasourceConfig({ driver: MSSQL, url: 'jdbc:sqlserver://h\\SQLEXPRESS' });
    expect(spec).not.toHaveProperty('port');
    expect(connectionAddress(spec)).toBe('h\\SQLEXPRESS');
  });

  it('keeps both instance and port when both are given (the port wins when connecting)', () => {
    expect(
      parseDatasourceConfig({ driver: MSSQL, url: 'jdbc:sqlserver://h\\INST:1500;databaseName=db' })
    ).toMatchObject({ host: 'h', instanceName: 'INST', port: 1500 });
  });

  it('takes serverName, instanceName and portNumber from the properties, case-insensitively', () => {
    expect(
      parseDatasourceConfig({
        driver: MSSQL,
        url: 'jdbc:sqlserver://;SERVERNAME=host2;InstanceName=I2;PortNumber=1600;DATABASENAME=d',
      })
    ).toMatchObject({ host: 'host2', instanceName: 'I2', port: 1600, database: 'd' });
  });

  it('honours user/userName/password properties, with explicit fields winning', () => {
    expect(
      parseDatasourceConfig({
        driver: MSSQL,
        url: 'jdbc:sqlserver://h;userName=u;password={p;w}}x}',
      })
    ).toMatchObject({ user: 'u', password: 'p;w}x' });
    expect(
      parseDatasourceConfig({
        driver: MSSQL,
        url: 'jdbc:sqlserver://h;user=u;password=p',
        username: 'x',
        password: 'y',
      })
    ).toMatchObject({ user: 'x', password: 'y' });
  });

  it('reads every encrypt spelling', () => {
    const encrypt = (value: string) =>
      (
        parseDatasourceConfig({ driver: MSSQL, url: `jdbc:sqlserver://h;encrypt=${value}` }) as {
          encrypt: unknown;
        }
      ).encrypt;
    expect(encrypt('true')).toBe(true);
    expect(encrypt('mandatory')).toBe(true);
    expect(encrypt('false')).toBe(false);
    expect(encrypt('optional')).toBe(false);
    expect(encrypt('strict')).toBe('strict');
  });

  it('splits properties with braces, }} escapes and stray semicolons', () => {
    const props = parseSqlServerPropertyText('a=1;;b = {x;y=z} ;C={}}};d=');
    expect(props).toEqual([
      { key: 'a', name: 'a', value: '1', position: 1, raw: 'a=1' },
      { key: 'b', name: 'b', value: 'x;y=z', position: 2, raw: 'b = {x;y=z}' },
      { key: 'c', name: 'C', value: '}', position: 3, raw: 'C={}}}' },
      { key: 'd', name: 'd', value: '', position: 4, raw: 'd=' },
    ]);
    expect(parseSqlServerPropertyText('a=1;b')).toBe(
      "property 2 has no '=value' (a value that holds ';' must be wrapped in braces: key={value})"
    );
    expect(parseSqlServerPropertyText('a={1')).toBe(
      "the value of property 1 [a] has an unclosed '{'"
    );
  });
});

describe('parseDatasourceConfig: SQLite', () => {
  it.each([
    ['jdbc:sqlite:/var/data/app.db', '/var/data/app.db'],
    ['jdbc:sqlite:relative/app.db', 'relative/app.db'],
    ['jdbc:sqlite::memory:', ':memory:'],
    ['jdbc:sqlite:file:/var/data/my%20app.db?mode=ro', '/var/data/my app.db'],
    ['jdbc:sqlite:file:///var/data/app.db', '/var/data/app.db'],
    ['jdbc:sqlite:/var/data/app.db?journal_mode=WAL', '/var/data/app.db'],
  ])('%s', (url, file) => {
    expect(parseDatasourceConfig({ driver: SQLITE, url })).toEqual({ kind: 'sqlite', file });
  });

  it('ignores credentials', () => {
    expect(
      parseDatasourceConfig({
        driver: SQLITE,
        url: 'jdbc:sqlite:/a.db',
        username: 'u',
        password: 'p',
      })
    ).toEqual({ kind: 'sqlite', file: '/a.db' });
  });
});

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
