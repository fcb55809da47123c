import { expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { defaultPdfRenderer, type PdfRenderer } from '../../src/server/http/pdf-reply';
import { RENDERS_PER_OPERATOR } from '../../src/server/http/render-limit';
import { describeEachDatabase } from './databases';
import { validPayload } from '../fixtures/payloads';
import { jsonOf, useApi, TEST_PASSWORD_COST } from './harness';

/** A renderer that can be held: renders started while held wait until release(), so they are under way at once. */
function holdableRenderer() {
  let held: Promise<void> = Promise.resolve();
  let release = () => {};
  let started = 0;
  const render: PdfRenderer = async (billType, bill) => {
    started++;
    await held;
    return defaultPdfRenderer(billType, bill);
  };
  return {
    render,
    /** Resolves once `count` renders have started since the renderer was made. */
    async started(count: number) {
      while (started < count) await new Promise((resolve) => setTimeout(resolve, 5));
    },
    hold: () => {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

describeEachDatabase('concurrent PDF renders per operator', (database) => {
  const renderer = holdableRenderer();
  const api = useApi(database, undefined, { renderPdf: renderer.render });
  const other = { email: 'second@alfadiesel.test', password: 'second operator pw' };

  it(`answers 429 {msg} past ${RENDERS_PER_OPERATOR} renders under way for one operator, and serves another operator`, async () => {
    const invoice = api.registry.byType('invoice')!;
    expect((await api.save(invoice, 1)).statusCode).toBe(200);
    await api.storage.operators.add(other.email, await hashPassword(other.password, TEST_PASSWORD_COST));
    const otherToken = jsonOf(await api.post('/api/auth/login', other, null)).authToken;

    renderer.hold();
    const showPdf = (token?: string) => api.post('/api/common/showpdf', { billtype: 'invoice', billno: 1 }, token);
    const underWay = Array.from({ length: RENDERS_PER_OPERATOR }, () => showPdf());
    await renderer.started(1 + RENDERS_PER_OPERATOR);
    // The operator's next render is refused at once, while theirs are still under way ...
    const refused = await showPdf();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(jsonOf(refused).msg).toBe(
      `You already have ${RENDERS_PER_OPERATOR} PDFs being made; please wait for them to finish and try again.`,
    );
    // ... a save too, and it stores nothing.
    expect((await api.save(invoice, 2)).statusCode).toBe(429);
    // Another operator is not held to the first one's renders.
    const othersPdf = showPdf(otherToken);

    renderer.release();
    for (const response of await Promise.all([...underWay, othersPdf])) expect(response.statusCode).toBe(200);
    const list = jsonOf(await api.post('/api/common/getbill', { billtype: 'invoice' }));
    expect(list.bill.map((row: { billno: number }) => row.billno)).toEqual([1]);
    // Once they are done, the operator renders again.
    expect((await api.save(invoice, 2)).statusCode).toBe(200);
  });
});

describeEachDatabase('lines per bill (x-bill.maxLines)', (database) => {
  const api = useApi(database);

  it('refuses a bill past its line limit with 400 {msg}, goods and services counted together, storing nothing', async () => {
    const taxservice = api.registry.byType('taxservice')!;
    // 40 products with their services: the services of all products count, not those of one.
    const payload = validPayload(taxservice, 40) as { product: { service: unknown[] }[] };
    const perProduct = Math.floor(taxservice.maxLines / 40) + 1;
    for (const product of payload.product) product.service = Array.from({ length: perProduct }, () => product.service[0]);
    const lines = 40 * perProduct;
    const refused = await api.post(taxservice.createPath, { method: 'create', type: 'taxservice', ...payload });
    expect(refused.statusCode).toBe(400);
    expect(jsonOf(refused)).toEqual({
      msg: `A bill can have at most ${taxservice.maxLines} lines (goods and services together); this one has ${lines}.`,
    });
    expect(await api.storage.database.db.selectFrom('bills').selectAll().execute()).toEqual([]);
    // Bills' audit rows: the harness's seeded operator has a row of its own (issue 45).
    expect(await api.storage.database.db.selectFrom('audit_log').where('action', '!=', 'operator').selectAll().execute()).toEqual([]);

    const taxinvoice = api.registry.byType('taxinvoice')!;
    const largest = await api.save(taxinvoice, 1, { product: validPayload(taxinvoice, taxinvoice.maxLines).product });
    expect(largest.statusCode).toBe(200);
    expect(largest.headers['content-type']).toBe('application/pdf');
  });
});
