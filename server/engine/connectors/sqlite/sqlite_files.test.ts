import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSettings } from '../../settings';
import { SqliteFileAccess } from './sqlite_files';

const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'federation-files-')));
const allowed = path.join(root, 'allowed');
const outside = path.join(root, 'outside');
mkdirSync(allowed);
mkdirSync(outside);
writeFileSync(path.join(allowed, 'ok.sqlite'), '');
writeFileSync(path.join(outside, 'secret.sqlite'), '');
symlinkSync(path.join(outside, 'secret.sqlite'), path.join(allowed, 'escape.sqlite'));
symlinkSync(path.join(allowed, 'ok.sqlite'), path.join(outside, 'into.sqlite'));

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function reason(access: SqliteFileAccess, file: string): Promise<string> {
  try {
    await access.resolve(file);
  } catch (err) {
    return (err as Error).message.replace(`[${file}]`, '[<file>]');
  }
  throw new Error(`${file} was allowed`);
}

describe('SqliteFileAccess', () => {
  const access = new SqliteFileAccess([allowed]);

  it('opens files inside the allowed directories by their real path', async () => {
    expect(await access.resolve(path.join(allowed, 'ok.sqlite'))).toBe(
      path.join(allowed, 'ok.sqlite')
    );
    expect(await access.resolve(`${outside}/../allowed/ok.sqlite`)).toBe(
      path.join(allowed, 'ok.sqlite')
    );
    // A link from elsewhere to an allowed file is that file.
    expect(await access.resolve(path.join(outside, 'into.sqlite'))).toBe(
      path.join(allowed, 'ok.sqlite')
    );
    expect(await access.resolve(':memory:')).toBe(':memory:');
  });

  it('refuses everything else with one message that does not reveal existence', async () => {
    const reasons = await Promise.all(
      [
        path.join(outside, 'secret.sqlite'),
        path.join(outside, 'missing.sqlite'),
        path.join(allowed, 'missing.sqlite'),
        path.join(allowed, 'escape.sqlite'),
        `${allowed}/../outside/secret.sqlite`,
        allowed,
        '/etc/passwd',
        'relative.sqlite',
      ].map((file) => reason(access, file))
    );
    expect(new Set(reasons).size).toBe(1);
    expect(reasons[0]).toContain('sqliteDirectories');
    expect(reasons[0]).toContain(allowed);
  });

  it('refuses every file when no directory is allowed', async () => {
    expect(await reason(new SqliteFileAccess([]), path.join(allowed, 'ok.sqlite'))).toMatch(
      /allows no directory/
    );
  });
});

describe('the sqliteDirectories setting', () => {
  it('takes a list or comma-separated text of absolute directories', () => {
    expect(parseSettings({ sqliteDirectories: '/a, /b' }).sqliteDirectories).toEqual(['/a', '/b']);
    expect(parseSettings({ sqliteDirectories: ['/a'] }).sqliteDirectories).toEqual(['/a']);
    expect(parseSettings({}).sqliteDirectories).toBeUndefined();
    expect(() => parseSettings({ sqliteDirectories: 'data' })).toThrow(/absolute/);
    expect(parseSettings({}).sqliteWorkers).toBe(2);
  });
});
