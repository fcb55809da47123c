import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSqlite } from '../../src/server/backup';
import { checkBillingDatabase } from '../../src/server/backup/sqlite-files';
import { loadRegistry } from '../../src/server/schema-files';
import { openStorage } from '../../src/server/storage';
import { expectedRecord, taggedBill } from '../stress/support/bill-load';
import { runScript } from './processes';

const OWNER = 'owner@alfadiesel.test';
/** One audit key for every data directory here, as one installation has: a backup of one restores into another. */
const AUDIT_KEY = 'c3'.repeat(32);
const billType = loadRegistry().billTypes[0];

/** `npm run restore -- <file>` as an operator runs it, the server stopped. */
const restore = (dataDir: string, file: string) =>
  runScript('scripts/restore.ts', [file], {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    AUDIT_KEY,
  });

describe('npm run restore never destroys (SQLite, through the CLI)', () => {
  const root = mkdtempSync(join(tmpdir(), 'billing-restore-safe-'));
  let counter = 0;
  let twoBills: string;
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A data directory whose live database holds bills 1..`count`. */
  async function liveWith(count: number): Promise<string> {
    const dataDir = join(root, `live-${++counter}`);
    const storage = await openStorage({ dataDir, auditKey: AUDIT_KEY });
    for (let billno = 1; billno <= count; billno++) {
      await storage.bills.create(expectedRecord(billType, taggedBill(billType, billno, `safe${billno}`, 2)), OWNER, billType.series);
    }
    await storage.close();
    return dataDir;
  }
  const billsIn = (dataDir: string) => checkBillingDatabase(join(dataDir, 'billing.sqlite')).bills;

  beforeAll(async () => {
    twoBills = (await backupSqlite(await liveWith(2), join(root, 'two-bills.sqlite'))).file;
  });

  /** A copy of the good backup changed by plain SQL, as someone with the file could. */
  function tampered(sql: string): string {
    const file = join(root, `tampered-${++counter}.sqlite`);
    copyFileSync(twoBills, file);
    const sqlite = new SqliteDatabase(file);
    sqlite.exec(sql);
    sqlite.close();
    return file;
  }

  it.each([
    ['the live database itself', (dataDir: string) => join(dataDir, 'billing.sqlite'), 'billing.sqlite'],
    [
      'the .restoring copy a restore writes',
      (dataDir: string) => {
        copyFileSync(twoBills, join(dataDir, 'billing.sqlite.restoring'));
        return join(dataDir, 'billing.sqlite.restoring');
      },
      'billing.sqlite.restoring',
    ],
    [
      'another name (a hard link) of the live database',
      (dataDir: string) => {
        linkSync(join(dataDir, 'billing.sqlite'), join(root, `linked-${counter}.sqlite`));
        return join(root, `linked-${counter}.sqlite`);
      },
      'billing.sqlite',
    ],
  ])('refuses %s as the source, and keeps both it and the live database', async (_, sourceIn, named) => {
    const dataDir = await liveWith(3);
    const source = sourceIn(dataDir);
    const before = readFileSync(source);
    const refused = await restore(dataDir, source);
    expect(refused.code, refused.stdout).toBe(1);
    expect(refused.stderr).toContain(`is the server's own ${named} in DATA_DIR`);
    expect(refused.stderr).toContain('Restore from a backup file');
    expect(refused.stderr).toContain('copy it out of DATA_DIR first');
    expect(refused.stdout).not.toContain('Restored');
    expect(readFileSync(source).equals(before)).toBe(true);
    expect(billsIn(dataDir)).toBe(3);
  });

  it.each([
    [
      'a CHECK constraint the migrations do not make',
      'drop table revoked_tokens; create table revoked_tokens (token_id text primary key, expires_at text not null, check (0));' +
        ' create index revoked_tokens_expires_at on revoked_tokens (expires_at);',
      /unexpected table revoked_tokens: check \(0\)/,
    ],
    [
      'a bill whose stored header is not JSON',
      'update bills set header = \'{"clientname": \' where billno = 2;',
      /No\. 2 .*its header is not a JSON object/,
    ],
    [
      'a bill whose lines are not a list',
      `update bills set lines = '{"a": 1}' where billno = 1;`,
      /No\. 1 .*its lines are not a JSON array of objects/,
    ],
    [
      'a bill that does not match its schema',
      `update bills set header = json_set(header, '$.clientname', json('[1, 2]')) where billno = 2;`,
      /No\. 2 .*does not match its schema/,
    ],
  ])('refuses a backup with %s, saying what to do, and changes nothing', async (_, sql, reason) => {
    const dataDir = await liveWith(3);
    const source = tampered(sql);
    const refused = await restore(dataDir, source);
    expect(refused.code, refused.stdout).toBe(1);
    expect(refused.stderr).toMatch(reason);
    expect(refused.stderr).toContain(
      'Restore another backup (npm run backup writes them to DATA_DIR/backups/). The current database is unchanged.',
    );
    expect(billsIn(dataDir)).toBe(3);
    expect(existsSync(source)).toBe(true);
  });

  it.each([
    [
      'damaged ("database disk image is malformed")',
      (file: string) => {
        const fd = openSync(file, 'r+');
        writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 4096 * 3);
        closeSync(fd);
      },
      /The database it replaced is kept at ([^;\s]+); it was no sound billing database: .*malformed/,
    ],
    [
      'empty (0 bytes)',
      (file: string) => writeFileSync(file, ''),
      /The database it replaced is kept at ([^;\s]+); it was no sound billing database: is not a billing database/,
    ],
    [
      'not a database at all',
      (file: string) => writeFileSync(file, 'x'.repeat(8192)),
      /The database it replaced is kept at ([^;\s]+); it was no sound billing database: /,
    ],
  ])('restores a good backup over a live database that is %s, keeping that aside', async (_, spoil, keptLine) => {
    const dataDir = await liveWith(3);
    const live = join(dataDir, 'billing.sqlite');
    spoil(live);
    const spoiled = readFileSync(live);
    const restored = await restore(dataDir, twoBills);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('Restored 2 bills');
    const aside = keptLine.exec(restored.stdout)?.[1];
    expect(aside, restored.stdout).toBeDefined();
    // What was there is kept: the spoiled pages as they were (SQLite's copy of a readable file rewrites only its
    // header; an empty file's copy is SQLite's empty database).
    expect(existsSync(aside!)).toBe(true);
    if (spoiled.length > 0) expect(readFileSync(aside!).subarray(100).equals(spoiled.subarray(100))).toBe(true);
    expect(billsIn(dataDir)).toBe(2);
    expect(checkBillingDatabase(twoBills).bills).toBe(2);
  });
});
