import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PRIVATE_FILE_MODE } from '../data-dir';

/** Where the audit chain's key comes from (AUDIT_KEY, AUDIT_KEY_FILE); neither: a file made beside DATA_DIR. */
export interface AuditKeySettings {
  /** Hex, at least 32 bytes (AUDIT_KEY). */
  auditKey?: string;
  /** A file holding such a key (AUDIT_KEY_FILE). */
  auditKeyFile?: string;
}

export interface AuditKey {
  key: Buffer;
  /** The setting it came from, for a message that says which one to fix. */
  source: string;
}

const KEY_BYTES = 32;

/**
 * The default key file: beside the data directory, not in it, so a copy of DATA_DIR (its backups included) does
 * not carry the key that would let whoever holds it rewrite the chain.
 */
export function defaultAuditKeyFile(dataDir: string): string {
  return `${resolve(dataDir)}.audit-key`;
}

function keyFromHex(text: string, source: string): Buffer {
  const hex = text.trim();
  if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length % 2 !== 0 || hex.length < KEY_BYTES * 2)
    throw new Error(`${source} must hold the audit key as hex, at least ${KEY_BYTES} bytes (${KEY_BYTES * 2} hex digits): openssl rand -hex ${KEY_BYTES}`);
  return Buffer.from(hex, 'hex');
}

function readKeyFile(file: string, source: string): Buffer {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`${source} cannot be read (${code ?? (error as Error).message}): put the audit key there, or fix the setting.`, { cause: error });
  }
  return keyFromHex(text, source);
}

/** Makes the default key file on first use, owner-only; 'wx' keeps the first one when two processes start at once. */
function keptKeyFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(KEY_BYTES).toString('hex'), { flag: 'wx', mode: PRIVATE_FILE_MODE });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    throw new Error(`Cannot make the audit key file ${file} (${code ?? (error as Error).message}): set AUDIT_KEY_FILE to a path the server may write, or AUDIT_KEY.`, { cause: error });
  }
}

/** The key that seals the audit chain, from the settings or the default file (made on first start). */
export function loadAuditKey(settings: AuditKeySettings, dataDir: string): AuditKey {
  if (settings.auditKey !== undefined) return { key: keyFromHex(settings.auditKey, 'AUDIT_KEY'), source: 'AUDIT_KEY' };
  if (settings.auditKeyFile !== undefined) {
    const source = `AUDIT_KEY_FILE (${resolve(settings.auditKeyFile)})`;
    return { key: readKeyFile(settings.auditKeyFile, source), source };
  }
  const file = defaultAuditKeyFile(dataDir);
  keptKeyFile(file);
  const source = `the audit key file ${file} (made beside DATA_DIR; AUDIT_KEY or AUDIT_KEY_FILE unset)`;
  return { key: readKeyFile(file, source), source };
}
