import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { buildApiServer } from '../../src/server/api-server';
import { openStorage } from '../../src/server/storage';
import { validPayload } from '../fixtures/payloads';
import { describeEachDatabase } from './databases';
import { AUTH_SECRET, jsonOf, useApi } from './harness';

const SAVES_EACH = 30;

describeEachDatabase('the audit chain with two servers writing at once (issue 45)', (database) => {
  // Room for every save's PDF at once: the renders per operator are not what this test is about.
  const api = useApi(database, undefined, { rendersPerOperator: 2 * SAVES_EACH });

  // Several servers share a database on PostgreSQL only.
  it.skipIf(database.name !== 'PostgreSQL')(`stays one chain, with no seq twice, when two servers each save ${SAVES_EACH} bills at once (created, then updated)`, async () => {
    // A second machine: its own connection pool, given the first one's key in AUDIT_KEY as the operations page says.
    const auditKey = readFileSync(`${api.databaseOptions.dataDir}.audit-key`, 'utf8');
    const secondStorage = await openStorage({ ...api.databaseOptions, auditKey, registry: api.registry });
    const second = await buildApiServer({ registry: api.registry, storage: secondStorage, authSecret: AUTH_SECRET, rendersPerOperator: 2 * SAVES_EACH });
    try {
      const taxInvoice = api.registry.byType('taxinvoice')!;
      const before = (jsonOf(await api.post('/api/common/verifyaudit', {}))).rows as number;
      // Creates of one bill type take turns (its number series' lock); updates of different bills with different
      // clients share no lock but the chain's head, so they are what would race for the same seq.
      const saveAll = (method: 'create' | 'update') =>
        Array.from({ length: 2 * SAVES_EACH }, (_, i) =>
          (i % 2 ? second : api.app).inject({
            method: 'POST',
            url: taxInvoice.createPath,
            headers: { authorization: `Bearer ${api.token}` },
            payload: { method, type: taxInvoice.type, ...validPayload(taxInvoice, 2, { invoiceno: 100 + i, clientname: `Client ${i} (${method})` }) },
          }),
        );
      const created = await Promise.all(saveAll('create'));
      expect(created.map((answer) => answer.statusCode)).toEqual(created.map(() => 200));
      const saves = saveAll('update');
      const answers = await Promise.all(saves);
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));

      const verdict = jsonOf(await second.inject({ method: 'POST', url: '/api/common/verifyaudit', headers: { authorization: `Bearer ${api.token}` }, payload: {} }));
      expect(verdict).toMatchObject({ ok: true, rows: before + 4 * SAVES_EACH });
      const seqs = await api.storage.database.db.selectFrom('audit_log').select(['seq']).orderBy('id').execute();
      expect(seqs.map((row) => Number(row.seq))).toEqual(seqs.map((_, i) => i + 1));
    } finally {
      await second.close();
      await secondStorage.close();
    }
  }, 120_000);
});
