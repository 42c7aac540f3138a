import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret_box';

const KEY = 'k'.repeat(32);

describe('SecretBox', () => {
  it('round-trips and never stores the plaintext', () => {
    const box = new SecretBox(KEY);
    const sealed = box.encrypt('s3cret-pässword');
    expect(sealed).not.toContain('s3cret');
    expect(sealed.startsWith('v1:')).toBe(true);
    expect(box.decrypt(sealed)).toBe('s3cret-pässword');
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('refuses tampered data and a different key with a clear error', () => {
    const sealed = new SecretBox(KEY).encrypt('x');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('y').toString('base64');
    expect(() => new SecretBox(KEY).decrypt(parts.join(':'))).toThrow(/cannot be decrypted/);
    expect(() => new SecretBox('z'.repeat(32)).decrypt(sealed)).toThrow(/encryption key changed/);
  });

  it('explains a missing key', () => {
    expect(() => new SecretBox(undefined).encrypt('x')).toThrow(/encryptionKey/);
  });
});
