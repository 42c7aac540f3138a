import { describe, expect, it } from 'vitest';
import { parseDatasourceConfig } from '../jdbc_url';

const PG = 'org.postgresql.Driver';

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
