import { describe, expect, it } from 'vitest';
import { badRequestThrownBy } from '../../../test/support/bad_request';
import { displayUrl, separateCredentials } from './jdbc_password';

const PG = 'org.postgresql.Driver';
const MARIADB = 'org.mariadb.jdbc.Driver';
const MSSQL = 'com.microsoft.sqlserver.jdbc.SQLServerDriver';

describe('separateCredentials', () => {
  it('leaves URLs without credentials alone', () => {
    expect(separateCredentials({ driver: PG, url: 'jdbc:postgresql://h/db?ssl=true' })).toEqual({
      driver: PG,
      url: 'jdbc:postgresql://h/db?ssl=true',
    });
  });

  it.each([
    [PG, 'jdbc:postgresql://user:PASS@h/db', 'jdbc:postgresql://h/db', 'user'],
    [PG, 'jdbc:postgresql://h/db?user=u&p%61ssword=PASS', 'jdbc:postgresql://h/db', 'u'],
    [
      PG,
      'jdbc:postgresql://h/db?password=PASS&ssl=true',
      'jdbc:postgresql://h/db?ssl=true',
      undefined,
    ],
    [MARIADB, 'jdbc:mariadb://u:PASS@h/db?useSSL=false', 'jdbc:mariadb://h/db?useSSL=false', 'u'],
    [
      MSSQL,
      'jdbc:sqlserver://h;databaseName=d; password = PASS ',
      'jdbc:sqlserver://h;databaseName=d',
      undefined,
    ],
    [MSSQL, 'jdbc:sqlserver://h;Pwd={PASS};user=u', 'jdbc:sqlserver://h', 'u'],
  ])('%s %s: the password leaves the URL', (driver, url, cleaned, username) => {
    const result = separateCredentials({ driver, url });
    expect(result.url).toBe(cleaned);
    expect(result.password).toBe('PASS');
    expect(result.username).toBe(username);
  });

  it('keeps an explicit username and password that agree with the URL', () => {
    expect(
      separateCredentials({
        driver: PG,
        url: 'jdbc:postgresql://u:p@h/db?password=p',
        username: 'u',
        password: 'p',
      })
    ).toEqual({ driver: PG, url: 'jdbc:postgresql://h/db', username: 'u', password: 'p' });
  });

  it('refuses conflicting values, naming where they came from but not what they are', () => {
    const password = badRequestThrownBy(() =>
      separateCredentials({
        driver: PG,
        url: 'jdbc:postgresql://h/db?password=FromUrl1',
        password: 'FromBody1',
      })
    );
    expect(password.reason).toContain('jdbc.password');
    expect(password.reason).toContain('jdbc.url parameter [password]');
    expect(password.reason).not.toMatch(/FromUrl1|FromBody1/);
    const user = badRequestThrownBy(() =>
      separateCredentials({ driver: MSSQL, url: 'jdbc:sqlserver://h;user=a;uid=b' })
    );
    expect(user.reason).toContain('user name is given more than once');
    expect(user.reason).toContain('jdbc.url property [uid]');
  });

  it('refuses a malformed credential without quoting it', () => {
    for (const url of [
      'jdbc:postgresql://h/db?p%61ssword=X%ZZ',
      'jdbc:sqlserver://h;password={A;B',
      'jdbc:sqlserver://h;password=A;B',
    ]) {
      const driver = url.startsWith('jdbc:postgresql') ? PG : MSSQL;
      const error = badRequestThrownBy(() => separateCredentials({ driver, url }));
      expect(error.reason).not.toMatch(/X%ZZ|A;B|\[B|\bB\b/);
    }
  });
});

describe('displayUrl', () => {
  it('cleans a URL stored before credentials were moved out on save', () => {
    expect(displayUrl({ driver: PG, url: 'jdbc:postgresql://u:s3cret@h/db' })).toBe(
      'jdbc:postgresql://h/db'
    );
    expect(displayUrl({ driver: PG, url: 'jdbc:postgresql://h/db?password=%ZZ' })).toBeNull();
  });
});
