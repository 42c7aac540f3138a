import { describe, expect, it } from 'vitest';
import { connectionAddress } from '../connection_spec';
import { parseDatasourceConfig } from '../jdbc_url';
import { parseSqlServerPropertyText } from './sqlserver_url';

const MSSQL = 'com.microsoft.sqlserver.jdbc.SQLServerDriver';

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
