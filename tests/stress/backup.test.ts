import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadRegistry } from '../../src/server/schema-files';
import type { Storage } from '../../src/server/storage';
import { describeEachDatabase, type ScratchDatabase } from '../api/databases';
import { runCreateLoad, type SentCreate } from './support/bill-load';
import { auditMismatches, checkStored } from './support/bill-checks';
import { backupProcedure } from './support/backup-procedures';
import { inspect, rowCounts } from './support/database-inspection';
import { seededRandom, seedFrom } from './support/seeded-random';
import { startStressServer, type StressServer } from './support/stress-server';

/** The backup starts once the load has had this many creates answered, so it runs while they continue. */
const ACKNOWLEDGED_BEFORE_BACKUP = 10;

describeEachDatabase('backup and restore under write load (docs/operations.md: Backup and restore)', (database) => {
  const procedure = backupProcedure(database);
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  async function serverOn(scratch: ScratchDatabase): Promise<[StressServer, Storage]> {
    const server = await startStressServer(scratch);
    cleanup.push(() => server.process.stop());
    const storage = await inspect(scratch);
    cleanup.push(() => storage.close());
    return [server, storage];
  }

  it('restores into a fresh database every bill acknowledged before the backup began, intact', async () => {
    const registry = loadRegistry();
    const random = seededRandom(seedFrom('BACKUP_SEED', `backup [${database.name}]`));
    const source = await procedure.create();
    cleanup.push(() => source.dispose());
    const [server, storage] = await serverOn(source);
    const file = join(source.options.dataDir, 'snapshot.backup');
    const load = { post: server.post, billTypes: registry.billTypes, random, workers: 3 };

    const seeded = await runCreateLoad({ ...load, firstNumber: 1, tag: 'seed', maxRequests: 24, stopped: () => false });
    let acknowledgedBefore: SentCreate[] = [];
    let backup: ReturnType<typeof procedure.backup> | undefined;
    let backupFinished = false;
    const during = await runCreateLoad({
      ...load,
      firstNumber: 1_000_000,
      tag: 'during',
      maxRequests: 600,
      stopped: () => backupFinished,
      onAnswer: (_, all) => {
        if (backup || all.filter((entry) => entry.outcome === 'stored').length < ACKNOWLEDGED_BEFORE_BACKUP) return;
        acknowledgedBefore = [...seeded, ...all].filter((entry) => entry.outcome === 'stored');
        backup = procedure.backup(source, file).finally(() => (backupFinished = true));
      },
    });
    const backedUp = await backup!;
    expect(backedUp, backedUp.stderr).toMatchObject({ code: 0 });
    const duringBackup = during.filter((entry) => entry.outcome === 'stored' && !acknowledgedBefore.includes(entry));
    const live = await rowCounts(storage);

    const fresh = await procedure.create();
    cleanup.push(() => fresh.dispose());
    // The audit key is backed up apart from the data (docs/operations.md: Audit trail), and put in place first.
    copyFileSync(`${source.options.dataDir}.audit-key`, `${fresh.options.dataDir}.audit-key`);
    const restored = await procedure.restore(fresh, file);
    expect(restored, restored.stderr).toMatchObject({ code: 0 });
    const [freshServer, freshStorage] = await serverOn(fresh);
    const check = await checkStored(freshStorage, acknowledgedBefore);
    const duringCheck = await checkStored(freshStorage, duringBackup);
    const counts = await rowCounts(freshStorage);
    console.log(
      `backup [${database.name}]: ${acknowledgedBefore.length} bills acknowledged before the backup, ${check.acknowledgedIntact} restored intact; ` +
        `${duringBackup.length} more created while it ran (${duringBackup.length - duringCheck.problems.length} of them in the snapshot); ` +
        `restored ${counts.bills} bills, ${counts.audit_log} audit rows (live had ${live.bills} at the end)`,
    );
    expect(check.problems).toEqual([]);
    expect(check.acknowledgedIntact).toBe(acknowledgedBefore.length);
    expect(duringBackup.length).toBeGreaterThan(0);
    expect(await auditMismatches(freshStorage)).toEqual([]);
    expect(counts.operators).toBe(1);
    const listed = await freshServer.post('/api/common/getbill', { billtype: registry.billTypes[0].type });
    expect(listed.status).toBe(200);
  });
});
