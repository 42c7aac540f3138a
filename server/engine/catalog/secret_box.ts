import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'crypto';
import { FederationError } from '../errors';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Encrypts secrets at rest with AES-256-GCM. The 256-bit key is derived from the configured
 * passphrase with HKDF, so any long random string works as `encryptionKey`. The output carries a
 * version tag so the format can change without losing stored secrets.
 */
export class SecretBox {
  private readonly key: Buffer | null;

  constructor(passphrase: string | undefined) {
    this.key =
      passphrase === undefined
        ? null
        : Buffer.from(hkdfSync('sha256', passphrase, 'federation', 'datasource-secrets', 32));
  }

  encrypt(plaintext: string): string {
    const key = this.requireKey();
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv, tag, ciphertext]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
      .join(':');
  }

  decrypt(sealed: string): string {
    const key = this.requireKey();
    const [version, iv, tag, ciphertext] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
      throw new FederationError(
        500,
        'secret_decryption_exception',
        'A stored secret has an unknown format'
      );
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new FederationError(
        500,
        'secret_decryption_exception',
        'A stored datasource password cannot be decrypted: the encryption key changed since it was saved. Save the datasource again with its password.'
      );
    }
  }

  private requireKey(): Buffer {
    if (this.key === null) {
      throw new FederationError(
        500,
        'encryption_key_missing_exception',
        'No encryption key is configured for datasource passwords: set federation.encryptionKey (OSD) or FEDERATION_ENCRYPTION_KEY (standalone)'
      );
    }
    return this.key;
  }
}
