import { mkdtempSync, statSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateEncryptionKey } from './encryption_key';

describe('loadOrCreateEncryptionKey', () => {
  it('creates a private key file once and reads it back afterwards', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'fed-key-')), 'sub', 'encryption.key');
    const first = loadOrCreateEncryptionKey(file);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateEncryptionKey(file)).toBe(first);
  });
});
