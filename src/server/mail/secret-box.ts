import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { keptRandomKey } from '../data-dir';

export const MAIL_KEY_FILE = 'mail-secret';
const VERSION = 'v1';

/**
 * The key mail passwords are sealed with: MAIL_SECRET when set (any text, hashed to 32 bytes), else a random key
 * made on first start and kept in the data directory (owner-only) — never in the database, so a database backup
 * alone does not reveal a password.
 */
export function loadMailKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured !== undefined) return createHash('sha256').update(configured).digest();
  const key = Buffer.from(keptRandomKey(dataDir, MAIL_KEY_FILE), 'hex');
  if (key.length !== 32) {
    throw new Error(`${join(dataDir, MAIL_KEY_FILE)} is damaged: delete it and restart, then save each unit's mail password again`);
  }
  return key;
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` in base64; '' stays '' (no password). */
export function seal(key: Buffer, text: string): string {
  if (text === '') return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64'))).join('.');
}

/** The text `seal` sealed, or undefined when it was sealed with another key (MAIL_SECRET changed, key file lost). */
export function unseal(key: Buffer, sealed: string): string | undefined {
  if (sealed === '') return '';
  const [version, iv, tag, text] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || text === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(text, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
