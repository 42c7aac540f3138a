import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withLock } from './lock';

let dir: string;
let lockFile: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
  lockFile = path.join(dir, 'x.lock');
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('withLock', () => {
  it('runs holders one at a time and removes the file afterwards', async () => {
    const events: string[] = [];
    const holder = (name: string) =>
      withLock(lockFile, async () => {
        events.push(`${name} in`);
        await sleep(50);
        events.push(`${name} out`);
        return name;
      });
    expect(await Promise.all([holder('a'), holder('b')])).toEqual(['a', 'b']);
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out']);
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('releases the lock when the holder throws', async () => {
    await expect(withLock(lockFile, () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom'
    );
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('breaks a lock whose holder process is gone', async () => {
    // The largest pid Linux hands out is below 2^22, so this one cannot be alive.
    fs.writeFileSync(
      lockFile,
      JSON.stringify({ pid: 2 ** 22 + 1, host: os.hostname(), since: 0, nonce: 'x' })
    );
    const lines: string[] = [];
    expect(await withLock(lockFile, async () => 'got it', { log: (l) => lines.push(l) })).toBe(
      'got it'
    );
    expect(lines.join('\n')).toMatch(/stale lock/);
  });

  it('waits for a live holder and gives up at the deadline', async () => {
    fs.writeFileSync(
      lockFile,
      JSON.stringify({ pid: process.pid, host: os.hostname(), since: 0, nonce: 'y' })
    );
    await expect(withLock(lockFile, async () => 'never', { waitMs: 300 })).rejects.toThrow(
      /Timed out/
    );
    expect(fs.existsSync(lockFile)).toBe(true);
  });
});
