import { join } from 'node:path';
import { keptRandomKey } from '../data-dir';

export const SECRET_FILE = 'auth-secret';
const MIN_SECRET_LENGTH = 32;

/**
 * The key that signs sign-in tokens: AUTH_SECRET when set, else a random one made on first start and
 * kept (readable by the owner only) in the data directory, so tokens survive a restart.
 */
export function loadAuthSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured !== undefined) {
    if (configured.length < MIN_SECRET_LENGTH)
      throw new Error(`AUTH_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    return new TextEncoder().encode(configured);
  }
  const secret = keptRandomKey(dataDir, SECRET_FILE);
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`${join(dataDir, SECRET_FILE)} is damaged: delete it and restart (everyone signs in again)`);
  return new TextEncoder().encode(secret);
}
