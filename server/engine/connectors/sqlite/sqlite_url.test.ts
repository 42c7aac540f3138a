import { describe, expect, it } from 'vitest';
import { parseDatasourceConfig } from '../jdbc_url';

const SQLITE = 'org.sqlite.JDBC';

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
