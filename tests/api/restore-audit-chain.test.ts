import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSqlite, restoreSqlite } from '../../src/server/backup';
import { checkBillingDatabase } from '../../src/server/backup/sqlite-files';
import { loadRegistry } from '../../src/server/schema-files';
import { openStorage } from '../../src/server/storage';
import { expectedRecord, taggedBill } from '../stress/support/bill-load';

const OWNER = 'owner@alfadiesel.test';
const AUDIT_KEY = 'a1'.repeat(32);
const billType = loadRegistry().billTypes[0];

describe('a restore verifies the backup\'s audit chain first (SQLite, issue 45)', () => {
  const root = mkdtempSync(join(tmpdir(), 'billing-restore-chain-'));
  let counter = 0;
  let good: string;
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A data directory whose live database holds `count` bills, sealed with AUDIT_KEY. */
  async function liveWith(count: number): Promise<string> {
    const dataDir = join(root, `live-${++counter}`);
    const storage = await openStorage({ dataDir, auditKey: AUDIT_KEY });
    for (let billno = 1; billno <= count; billno++) {
      await storage.bills.create(expectedRecord(billType, taggedBill(billType, billno, `chain${billno}`, 2)), OWNER, billType.series);
    }
    await storage.close();
    return dataDir;
  }
  const billsIn = (dataDir: string) => checkBillingDatabase(join(dataDir, 'billing.sqlite')).bills;

  beforeAll(async () => {
    good = (await backupSqlite(await liveWith(3), join(root, 'three-bills.sqlite'))).file;
  });

  function tampered(sql: string): string {
    const file = join(root, `tampered-${++counter}.sqlite`);
    copyFileSync(good, file);
    const sqlite = new SqliteDatabase(file);
    sqlite.exec(sql);
    sqlite.close();
    return file;
  }

  it.each([
    ['a row changed', `update audit_log set "after" = '{}' where seq = 2`, /: Row 2 \(.*, owner@alfadiesel\.test, create .*\) was changed\./],
    ['a row deleted', 'delete from audit_log where seq = 2', /: Row 2 was deleted: the chain goes from row 1 to row 3\./],
    [
      'a row inserted',
      `insert into audit_log (at, operator, action, unit, type, billno, seq, hash) values ('2026-11-21T10:00:00Z', 'x@y.test', 'delete', 'gst', 'taxinvoice', 1, null, null)`,
      /: A row that is not in the chain was inserted after row 3 /,
    ],
  ])('refuses a backup with %s, naming it, and changes nothing', async (_, sql, named) => {
    const dataDir = await liveWith(1);
    await expect(restoreSqlite(dataDir, tampered(sql), { auditKey: AUDIT_KEY })).rejects.toThrow(named);
    await expect(restoreSqlite(dataDir, tampered(sql), { auditKey: AUDIT_KEY })).rejects.toThrow(/holds an audit chain that does not verify with the audit key from AUDIT_KEY: .* The current database is unchanged\.$/);
    expect(billsIn(dataDir)).toBe(1);
  });

  it('refuses a backup sealed with another key, saying which setting gave the key', async () => {
    const dataDir = await liveWith(1);
    await expect(restoreSqlite(dataDir, good, { auditKey: 'b2'.repeat(32) })).rejects.toThrow(
      /with the audit key from AUDIT_KEY: The audit key is not the one this chain was sealed with/,
    );
    expect(billsIn(dataDir)).toBe(1);
  });

  it('restores a backup whose chain verifies, and the chain goes on from it', async () => {
    const dataDir = await liveWith(1);
    await expect(restoreSqlite(dataDir, good, { auditKey: AUDIT_KEY })).resolves.toMatchObject({ bills: 3 });
    const storage = await openStorage({ dataDir, auditKey: AUDIT_KEY });
    try {
      await storage.bills.create(expectedRecord(billType, taggedBill(billType, 4, 'chain4', 2)), OWNER, billType.series);
      expect(await storage.auditChain.verify()).toMatchObject({ ok: true, rows: 4 });
    } finally {
      await storage.close();
    }
  });
});
