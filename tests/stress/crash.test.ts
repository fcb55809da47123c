import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadRegistry } from '../../src/server/schema-files';
import type { Storage } from '../../src/server/storage';
import { describeEachDatabase, type ScratchDatabase } from '../api/databases';
import { runCreateLoad, taggedBill, type SentCreate } from './support/bill-load';
import { auditMismatches, checkStored } from './support/bill-checks';
import { inspect, sqliteIntegrity } from './support/database-inspection';
import { seededRandom, seedFrom } from './support/seeded-random';
import { startStressServer, type StressServer } from './support/stress-server';

const CRASHES = 5;
const WORKERS = 6;
/** Per crash: the server is killed once this many creates were answered (or the load stops at the cap). */
const ACKNOWLEDGED_BEFORE_KILL = [12, 30];
const MAX_REQUESTS_PER_CRASH = 400;

describeEachDatabase('crash safety: kill -9 under create load', (database) => {
  let scratch: ScratchDatabase;
  let server: StressServer;
  let storage: Storage | undefined;

  beforeAll(async () => {
    scratch = await database.create();
    server = await startStressServer(scratch);
  });
  afterAll(async () => {
    await server?.process.stop();
    await storage?.close();
    await scratch?.dispose();
  });

  it(`keeps every acknowledged bill intact through ${CRASHES} crashes, and the database opens clean`, async () => {
    const registry = loadRegistry();
    const random = seededRandom(seedFrom('CRASH_SEED', `crash [${database.name}]`));
    const everything: SentCreate[] = [];

    for (let crash = 1; crash <= CRASHES; crash++) {
      const killAfter = random.int(ACKNOWLEDGED_BEFORE_KILL[0], ACKNOWLEDGED_BEFORE_KILL[1]);
      let acknowledged = 0;
      let killing: Promise<void> | undefined;
      const sent = await runCreateLoad({
        post: (path, body) => server.post(path, body),
        billTypes: registry.billTypes,
        workers: WORKERS,
        firstNumber: crash * 1_000_000,
        tag: `crash${crash}`,
        random,
        maxRequests: MAX_REQUESTS_PER_CRASH,
        stopped: () => killing !== undefined,
        onAnswer: (entry) => {
          if (entry.outcome === 'stored') acknowledged++;
          if (acknowledged >= killAfter) killing ??= server.process.crash();
        },
      });
      // Had the load ended without reaching the kill (every create refused, say), the server still goes down
      // here, so no process is left behind; the acknowledged count below then fails the test.
      await (killing ?? server.process.crash());
      everything.push(...sent);

      // PostgreSQL runs on (only the app server died); the restart below shows it takes the server back.
      const integrity = database.name === 'SQLite' ? sqliteIntegrity(scratch.options.dataDir) : 'not applicable';
      await server.restart();
      storage ??= await inspect(scratch);
      const check = await checkStored(storage, sent);
      console.log(
        `crash ${crash} [${database.name}]: killed after ${check.acknowledged} acknowledged creates; ` +
          `${check.acknowledgedIntact} present and intact; ${check.unanswered} in flight, ${check.unansweredStored} of them stored; ` +
          `integrity_check: ${integrity}`,
      );
      expect(check.problems).toEqual([]);
      expect(check.acknowledged).toBeGreaterThanOrEqual(killAfter);
      if (database.name === 'SQLite') expect(integrity).toBe('ok');
    }

    const all = await checkStored(storage!, everything);
    expect(all.problems).toEqual([]);
    expect(await auditMismatches(storage!)).toEqual([]);
    // The restarted server still refuses a number a stored bill holds: nothing is overwritten.
    const first = everything.find((entry) => entry.outcome === 'stored')!;
    const again = await server.post(
      first.billType.createPath,
      taggedBill(first.billType, first.body.invoiceno, 'again', 1),
    );
    expect(again.status).toBe(409);
    console.log(
      `crash [${database.name}]: ${all.acknowledged} acknowledged creates over ${CRASHES} crashes, ${all.acknowledgedIntact} intact, ` +
        `${all.unansweredStored}/${all.unanswered} unanswered ones stored whole, audit log consistent`,
    );
  });

  it('opens clean after a last crash (SQLite: integrity_check = ok; both: the server starts and answers)', async () => {
    await server.process.crash();
    if (database.name === 'SQLite') expect(sqliteIntegrity(scratch.options.dataDir)).toBe('ok');
    await server.restart();
    const billType = loadRegistry().billTypes[0];
    const listed = await server.post('/api/common/getbill', { billtype: billType.type });
    expect(listed.status).toBe(200);
  });
});
