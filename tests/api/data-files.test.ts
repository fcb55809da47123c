import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript, startServerProcess } from './processes';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('private data files (SQLite): DATA_DIR 0700, its files 0600', () => {
  const parent = mkdtempSync(join(tmpdir(), 'billing-modes-'));
  const dataDir = join(parent, 'data');
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', AUTH_SECRET: '', MAIL_SECRET: '', OPERATOR_EMAIL: '', OPERATOR_PASSWORD: '' };
  const at = (...names: string[]) => join(dataDir, ...names);
  const backups = () => readdirSync(at('backups')).map((name) => at('backups', name));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('creates the directory, the database (with -wal, -shm), the signing key, the mail key and backups for the owner only', async () => {
    const server = await startServerProcess(env);
    try {
      expect(modeOf(dataDir)).toBe('700');
      for (const name of ['billing.sqlite', 'billing.sqlite-wal', 'billing.sqlite-shm', 'auth-secret', 'mail-secret']) {
        expect(existsSync(at(name)), name).toBe(true);
        expect(modeOf(at(name)), name).toBe('600');
      }
      expect((await runScript('scripts/backup.ts', [], env)).code).toBe(0);
      expect(modeOf(at('backups'))).toBe('700');
      expect(backups().map(modeOf)).toEqual(['600']);
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('makes files left readable by others private at start, and says so', async () => {
    chmodSync(dataDir, 0o755);
    chmodSync(at('billing.sqlite'), 0o644);
    chmodSync(at('auth-secret'), 0o640);
    chmodSync(at('backups'), 0o755);
    for (const backup of backups()) chmodSync(backup, 0o644);
    const server = await startServerProcess(env);
    try {
      expect(server.output()).toMatch(/Made 5 data files readable by their owner only/);
      expect([dataDir, at('backups')].map(modeOf)).toEqual(['700', '700']);
      expect([at('billing.sqlite'), at('auth-secret'), ...backups()].map(modeOf)).toEqual(['600', '600', '600']);
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('restores into owner-only files, the copy kept aside included', async () => {
    const [backup] = backups();
    const restored = await runScript('scripts/restore.ts', [backup], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(modeOf(at('billing.sqlite'))).toBe('600');
    expect(backups().map(modeOf)).toEqual(['600', '600']);
  }, 180_000);
});
