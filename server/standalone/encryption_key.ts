import { randomBytes } from 'crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'fs';
import path from 'path';

/**
 * The standalone key for datasource passwords: FEDERATION_ENCRYPTION_KEY when set, else a random
 * key kept in `file` (created on first start, readable by the owner only). Losing the file makes
 * stored passwords unreadable; the datasources then need their passwords again.
 */
export function loadOrCreateEncryptionKey(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
