import { isDeepStrictEqual } from 'node:util';
import { expect, it } from 'vitest';
import type { BillType } from '../../src/engine/core';
import { loadRegistry } from '../../src/server/schema-files';
import { describeEachDatabase } from '../api/databases';
import { expectedRecord, taggedBill } from './support/bill-load';
import { stressRigPerFile } from './support/stress-server';

const SAME_NUMBER_CREATES = 50;
const SIMULTANEOUS_UPDATES = 30;

/** One goods type, one service type and one tax type, found by their keywords. */
function sampleTypes(): BillType[] {
  const types = loadRegistry().billTypes;
  const picks = [
    types.find((b) => b.lines === 'goods' && !b.tax),
    types.find((b) => b.lines === 'service'),
    types.find((b) => b.tax && b.lines === 'goods'),
  ];
  return [...new Set(picks.filter((b): b is BillType => b !== undefined))];
}

describeEachDatabase('concurrency: simultaneous writes of one bill', (database) => {
  const rig = stressRigPerFile(database);

  it.each(sampleTypes().map((b) => [b.type, b] as const))(
    `${SAME_NUMBER_CREATES} simultaneous creates of one %s number: exactly one stored, the rest 409`,
    async (_, billType) => {
      const billno = 4242;
      const bodies = Array.from({ length: SAME_NUMBER_CREATES }, (_, i) =>
        taggedBill(billType, billno, `racer${i}`, 1 + (i % 4)),
      );
      const answers = await Promise.all(bodies.map((body) => rig.server.post(billType.createPath, body)));
      const statuses = answers.map((answer) => answer.status);
      const winners = statuses.flatMap((status, i) => (status === 200 ? [i] : []));
      console.log(
        `same number [${database.name}] ${billType.type}: ${winners.length} x 200, ${statuses.filter((s) => s === 409).length} x 409, ` +
          `others: ${statuses.filter((s) => s !== 200 && s !== 409).length}`,
      );
      expect(winners).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(SAME_NUMBER_CREATES - 1);
      for (const answer of answers.filter((a) => a.status === 409)) {
        expect(JSON.parse(answer.body.toString())).toEqual({
          msg: expect.stringContaining(`Bill No. ${billno} already exists`),
        });
      }

      const rows = await rig.storage.database.db
        .selectFrom('bills')
        .select('id')
        .where('type', '=', billType.type)
        .where('billno', '=', billno)
        .execute();
      expect(rows).toHaveLength(1);
      expect(await rig.storage.bills.find(expectedRecord(billType, bodies[winners[0]]))).toEqual(
        expectedRecord(billType, bodies[winners[0]]),
      );
      const audit = await rig.storage.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('type', '=', billType.type)
        .where('billno', '=', billno)
        .execute();
      expect(audit).toEqual([{ action: 'create' }]);
    },
  );

  it.each(sampleTypes().map((b) => [b.type, b] as const))(
    `${SIMULTANEOUS_UPDATES} simultaneous updates of one %s never mix two requests' header and lines`,
    async (_, billType) => {
      const billno = 777;
      expect((await rig.server.post(billType.createPath, taggedBill(billType, billno, 'original', 2))).status).toBe(200);
      const bodies = Array.from({ length: SIMULTANEOUS_UPDATES }, (_, i) => ({
        ...taggedBill(billType, billno, `update${i}`, 1 + (i % 5)),
        method: 'update',
      }));
      const answers = await Promise.all(bodies.map((body) => rig.server.post(billType.createPath, body)));
      expect(answers.map((answer) => answer.status)).toEqual(bodies.map(() => 200));

      // The stored bill is exactly one request's bill: its client name and every line come from the same one.
      const stored = await rig.storage.bills.find({ unit: billType.unit, type: billType.type, billno });
      const winner = bodies.findIndex((body) => isDeepStrictEqual(expectedRecord(billType, body), stored));
      expect(winner).toBeGreaterThanOrEqual(0);

      // And the updates ran one after another: each one's "before" is the previous one's "after".
      const audit = await rig.storage.database.db
        .selectFrom('audit_log')
        .select(['action', 'before', 'after'])
        .where('type', '=', billType.type)
        .where('billno', '=', billno)
        .orderBy('id')
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['create', ...bodies.map(() => 'update')]);
      for (let i = 1; i < audit.length; i++)
        expect(JSON.parse(audit[i].before!)).toEqual(JSON.parse(audit[i - 1].after!));
      const afters = audit.slice(1).map((row) => JSON.parse(row.after!));
      const matched = afters.filter((after) =>
        bodies.some((body) => isDeepStrictEqual(expectedRecord(billType, body), after)),
      );
      expect(matched).toHaveLength(SIMULTANEOUS_UPDATES);
      expect(afters.at(-1)).toEqual(stored);
      console.log(
        `updates [${database.name}] ${billType.type}: ${SIMULTANEOUS_UPDATES} x 200, stored = update${winner}'s bill whole, ` +
          `${audit.length - 1} audit rows chained before->after`,
      );
    },
  );
});
