import { describe, expect, it } from 'vitest';
import { splitUrlPassword } from './jdbc_password';

describe('splitUrlPassword', () => {
  it('leaves URLs without a password alone', () => {
    expect(splitUrlPassword('jdbc:postgresql://h/db?ssl=true')).toEqual({
      url: 'jdbc:postgresql://h/db?ssl=true',
    });
  });

  it('moves a query-string password out of the URL', () => {
    expect(splitUrlPassword('jdbc:postgresql://h/db?password=p%40ss&user=u')).toEqual({
      url: 'jdbc:postgresql://h/db?user=u',
      password: 'p@ss',
    });
    expect(splitUrlPassword('jdbc:mysql://h/db?user=u&password=x')).toEqual({
      url: 'jdbc:mysql://h/db?user=u',
      password: 'x',
    });
    expect(splitUrlPassword('jdbc:mysql://h/db?password=x')).toEqual({
      url: 'jdbc:mysql://h/db',
      password: 'x',
    });
  });

  it('handles SQL Server’s ;key=value syntax and repeated parameters', () => {
    expect(
      splitUrlPassword('jdbc:sqlserver://h;databaseName=d;Password=x;user=u;password=y')
    ).toEqual({
      url: 'jdbc:sqlserver://h;databaseName=d;user=u',
      password: 'x',
    });
  });
});
