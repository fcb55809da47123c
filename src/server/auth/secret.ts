import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivateDir } from '../data-dir';

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
  makePrivateDir(dataDir);
  const file = join(dataDir, SECRET_FILE);
  try {
    // 'wx' fails when the file exists, so two servers starting together keep the first one's secret.
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`${file} is damaged: delete it and restart (everyone signs in again)`);
  return new TextEncoder().encode(secret);
}
