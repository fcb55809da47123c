import { expect, it } from 'vitest';
import { CRASHING_CLIENT } from './crashing-client';
import { describeEachDatabase } from './databases';
import { validPayload } from '../fixtures/payloads';
import { jsonOf, useApi } from './harness';
import { usePdfPool } from './pdf-workers';

describeEachDatabase('PDFs rendered in the worker pool', (database) => {
  const api = useApi(database, undefined, usePdfPool());

  it('keeps answering list requests while the longest bill accepted renders', async () => {
    const taxinvoice = api.registry.byType('taxinvoice')!;
    expect((await api.save(taxinvoice, 1)).statusCode).toBe(200);
    const finished: string[] = [];
    const longSave = api
      .post(taxinvoice.createPath, {
        method: 'create',
        type: 'taxinvoice',
        ...validPayload(taxinvoice, taxinvoice.maxLines, { invoiceno: 2 }),
      })
      .then((response) => {
        finished.push('long bill saved');
        return response;
      });
    // The list is asked for while the long bill's PDF is being made: it answers first, every time.
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let request = 1; request <= 3; request++) {
      const list = await api.post('/api/common/getbill', { billtype: 'taxinvoice' });
      expect(jsonOf(list).bill.map((row: { billno: number }) => row.billno)).toEqual([1]);
      finished.push(`list ${request}`);
    }
    const saved = await longSave;
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['content-type']).toBe('application/pdf');
    expect(finished).toEqual(['list 1', 'list 2', 'list 3', 'long bill saved']);
  });
});

describeEachDatabase('a PDF worker that crashes', (database) => {
  const api = useApi(database, undefined, usePdfPool({ workerFile: new URL('./crashing-pdf-worker.ts', import.meta.url) }));

  it('answers 503 {msg}, stores nothing, and the next bill is served by a fresh worker', async () => {
    const invoice = api.registry.byType('invoice')!;
    for (let attempt = 0; attempt < 2; attempt++) {
      const crashed = await api.save(invoice, 1, { clientname: CRASHING_CLIENT });
      expect(crashed.statusCode).toBe(503);
      expect(jsonOf(crashed)).toEqual({ msg: expect.stringContaining('the worker making it stopped') });
    }
    expect(await api.storage.database.db.selectFrom('bills').selectAll().execute()).toEqual([]);
    // Bills' audit rows: the harness's seeded operator has a row of its own (issue 45).
    expect(await api.storage.database.db.selectFrom('audit_log').where('action', '!=', 'operator').selectAll().execute()).toEqual([]);

    const saved = await api.save(invoice, 1);
    expect(saved.statusCode).toBe(200);
    expect(saved.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const list = jsonOf(await api.post('/api/common/getbill', { billtype: 'invoice' }));
    expect(list.bill.map((row: { billno: number }) => row.billno)).toEqual([1]);
  });
});
