import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBillingDatabase } from '../../src/server/backup/sqlite-files';
import { loadRegistry } from '../../src/server/schema-files';
import { runScript } from '../api/processes';
import { taggedBill } from './support/bill-load';
import { sqliteIntegrity } from './support/database-inspection';
import { startStressServer, type StressServer } from './support/stress-server';

const backupScript = (dataDir: string, args: string[]) =>
  runScript('scripts/backup.ts', args, { DATA_DIR: dataDir, DATABASE_URL: '' });
const restoreScript = (dataDir: string, args: string[]) =>
  runScript('scripts/restore.ts', args, { DATA_DIR: dataDir, DATABASE_URL: '' });

describe('npm run backup / restore guard the SQLite database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'billing-restore-'));
  const scratch = {
    options: { dataDir },
    // The audit key file the server makes beside DATA_DIR goes with it.
    dispose: async () => [dataDir, `${dataDir}.audit-key`].forEach((path) => rmSync(path, { recursive: true, force: true })),
  };
  const billType = loadRegistry().billTypes[0];
  /** The operator seeded at the first start has an audit row of its own (issue 45), beside one per bill. */
  const auditRowsOf = (bills: number) => bills + 1;
  let server: StressServer | undefined;
  afterAll(async () => {
    await server?.process.stop();
    await scratch.dispose();
  });

  const createBills = async (numbers: number[]) => {
    for (const billno of numbers) {
      expect((await server!.post(billType.createPath, taggedBill(billType, billno, `guard${billno}`, 1))).status).toBe(
        200,
      );
    }
  };
  const billCount = () => checkBillingDatabase(join(dataDir, 'billing.sqlite')).bills;

  it('backs up to DATA_DIR/backups by default, and never over an existing file', async () => {
    server = await startStressServer(scratch);
    await createBills([1, 2, 3]);
    const made = await backupScript(dataDir, []);
    expect(made, made.stderr).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(
        new RegExp(`^Backed up 3 bills \\(${auditRowsOf(3)} audit log rows\\) to .*backups/billing-.*\\.sqlite\n$`),
      ),
    });
    const file = /to (\S+)\n$/.exec(made.stdout)![1];
    expect(checkBillingDatabase(file)).toEqual({ bills: 3, auditRows: auditRowsOf(3) });
    // One self-contained file: no -wal beside it.
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(await backupScript(dataDir, [file])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already exists'),
    });
  });

  it('refuses to restore while the server runs, and changes nothing', async () => {
    const file = join(dataDir, 'three.sqlite');
    expect((await backupScript(dataDir, [file])).code).toBe(0);
    await createBills([4, 5]);
    const refused = await restoreScript(dataDir, [file]);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('The database is in use') });
    expect(billCount()).toBe(5);
    const listed = await server!.post('/api/common/getbill', { billtype: billType.type });
    expect(JSON.parse(listed.body.toString()).bill).toHaveLength(5);
  });

  it('refuses files that are not billing backups', async () => {
    const text = join(dataDir, 'notes.txt');
    writeFileSync(text, 'not a database at all, just some text that is long enough to have a header');
    expect(await restoreScript(dataDir, [text])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('not a SQLite database'),
    });
    expect(await restoreScript(dataDir, [join(dataDir, 'missing.sqlite')])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('does not exist'),
    });
    expect(await restoreScript(dataDir, [])).toMatchObject({ code: 2 });
    const postgres = await runScript('scripts/backup.ts', [], {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://db.invalid/billing',
    });
    expect(postgres).toMatchObject({ code: 2, stderr: expect.stringContaining('pg_dump --format=custom') });
  });

  it('restores once the server is stopped, keeping the replaced database aside', async () => {
    await server!.process.stop();
    const restored = await restoreScript(dataDir, [join(dataDir, 'three.sqlite')]);
    expect(restored, restored.stderr).toMatchObject({ code: 0, stdout: expect.stringContaining('Restored 3 bills') });
    const aside = /kept at (\S+)\n/.exec(restored.stdout)![1];
    expect(checkBillingDatabase(aside)).toEqual({ bills: 5, auditRows: auditRowsOf(5) });
    expect(billCount()).toBe(3);
    expect(sqliteIntegrity(dataDir)).toBe('ok');
    console.log(
      `restore guard: refused while running; restored 3 bills; the replaced 5-bill database kept at ${aside}`,
    );

    await server!.restart();
    const listed = await server!.post('/api/common/getbill', { billtype: billType.type });
    expect(JSON.parse(listed.body.toString()).bill.map((row: { billno: number }) => row.billno)).toEqual([3, 2, 1]);
  });
});
