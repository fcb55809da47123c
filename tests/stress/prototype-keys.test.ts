import { expect, it } from 'vitest';
import { PRINTED_NUMBER_KEY } from '../../src/engine/core/stored-bill';
import { loadRegistry } from '../../src/server/schema-files';
import { standsAlone, validPayload } from '../fixtures/payloads';
import { CRAFTED_VALUES, depthsOf, PROTOTYPE_KEYS, withCraftedKey } from '../fixtures/prototype-keys';
import { describeEachDatabase } from '../api/databases';
import { isAlive } from './support/database-inspection';
import { stressRigPerFile, type JsonAnswer } from './support/stress-server';

const WORKERS = 4;

/**
 * One value per key and place (a depth of a type), shifted by one at each place, so over ten places or more every
 * value of CRAFTED_VALUES meets every key somewhere (three values per place tripled the file's time for no new path:
 * the server reads every type and depth with the same code).
 */
const valueAt = (place: number, keyIndex: number) => (place + keyIndex) % CRAFTED_VALUES.length;

interface Case {
  label: string;
  path: string;
  body: unknown;
  /** The bill number this case would store under when the key is ignored (undefined for an update). */
  billno?: number;
}

/** The stored bill without what differs by its number: the number and the number as printed (issue 27). */
function storedWithoutNumber(answer: JsonAnswer): unknown {
  const { billno: _number, [PRINTED_NUMBER_KEY]: _printed, ...bill } = JSON.parse(answer.body.toString()).bill;
  return bill;
}

/**
 * Issue 25 item 1: every name an object inherits (`constructor`, `__proto__`, `toString` ...) planted with
 * many values at every depth of every bill type of the registry (body, row, nested row), on create and
 * update: each answer is the bill stored as if the key were absent (200, a PDF) or a 400 `{msg}`; never a
 * 5xx, and the server stays healthy.
 */
describeEachDatabase('fuzz: prototype keys at every depth of every bill shape', (database) => {
  const rig = stressRigPerFile(database);

  it('ignores or refuses each one, stores nothing else, and stays healthy', async () => {
    const registry = loadRegistry();
    // A note must name a stored bill of its client, which these stand-alone payloads cannot.
    const fuzzedTypes = registry.billTypes.filter(standsAlone);
    const cases: Case[] = [];
    const baselines = new Map<string, number>();
    const met = new Set<string>();
    let place = 0;
    for (const billType of fuzzedTypes) {
      const base = { method: 'create', type: billType.type, ...validPayload(billType, 2, { invoiceno: 1 }) };
      const saved = await rig.server.post(billType.createPath, base);
      expect(saved.status, `${billType.type} baseline: ${saved.body.toString().slice(0, 200)}`).toBe(200);
      baselines.set(billType.type, 1);
      let billno = 1;
      for (const depth of depthsOf(billType)) {
        PROTOTYPE_KEYS.forEach((key, keyIndex) => {
          const valueIndex = valueAt(place, keyIndex);
          const value = CRAFTED_VALUES[valueIndex];
          met.add(`${key} ${valueIndex}`);
          const label = `${billType.type} ${depth.label}.${key} = ${JSON.stringify(value)}`;
          billno++;
          const create = withCraftedKey({ ...base, invoiceno: billno }, depth, key, value);
          cases.push({ label: `create ${label}`, path: billType.createPath, body: JSON.parse(create), billno });
          const update = withCraftedKey({ ...base, method: 'update' }, depth, key, value);
          cases.push({ label: `update ${label}`, path: billType.createPath, body: JSON.parse(update) });
        });
        place++;
      }
    }
    expect(met.size, 'every crafted value planted under every key somewhere').toBe(PROTOTYPE_KEYS.length * CRAFTED_VALUES.length);

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const fuzzCase = cases[next++];
        const answer = await rig.server.post(fuzzCase.path, fuzzCase.body);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const problem = await wrongAnswer(fuzzCase, answer);
        if (problem) failures.push(`${fuzzCase.label} -> ${problem}`);
      }
    };
    const wrongAnswer = async (fuzzCase: Case, answer: JsonAnswer): Promise<string | undefined> => {
      if (answer.status === 400) {
        const body = JSON.parse(answer.body.toString());
        return Object.keys(body).join() === 'msg' && typeof body.msg === 'string' ? undefined : `body ${answer.body}`;
      }
      if (answer.status !== 200) return `status ${answer.status}: ${answer.body.toString().slice(0, 160)}`;
      if (answer.body.subarray(0, 5).toString() !== '%PDF-') return 'not a PDF';
      if (fuzzCase.billno === undefined) return undefined;
      const type = (fuzzCase.body as { type: string }).type;
      const billType = registry.byType(type)!;
      const read = (billno: number) => rig.server.post(billType.getPath, { billtype: type, billno });
      const stored = storedWithoutNumber(await read(fuzzCase.billno));
      const baseline = storedWithoutNumber(await read(baselines.get(type)!));
      return JSON.stringify(stored) === JSON.stringify(baseline) ? undefined : `stored ${JSON.stringify(stored).slice(0, 200)}`;
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));

    console.log(
      `prototype keys [${database.name}]: ${cases.length} requests over ${fuzzedTypes.length} bill types; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures.slice(0, 10)).toEqual([]);
    expect(isAlive(rig.server.process.pid)).toBe(true);
    // Nothing leaked onto a prototype the server shares: a fresh bill still validates and stores as before.
    const billType = registry.billTypes[0];
    const fresh = await rig.server.post(billType.createPath, {
      method: 'create',
      type: billType.type,
      ...validPayload(billType, 2, { invoiceno: 99_999 }),
    });
    expect(fresh.status).toBe(200);
    const stored = await rig.server.post(billType.getPath, { billtype: billType.type, billno: 99_999 });
    expect(storedWithoutNumber(stored)).toEqual(storedWithoutNumber(await rig.server.post(billType.getPath, { billtype: billType.type, billno: 1 })));
  });
});
