import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api } from './harness';
import { startHungSmtp, within, type HungSmtp } from './hung-smtp';
import { mailSettings, startSmtp, type TestSmtp } from './smtp';


async function saveSettings(api: Api, unit: string, port: number) {
  const saved = await api.post(`/api/${unit}/savemailsettings`, mailSettings(port));
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A short deadline, so the test sees it pass; the default is MAIL_SEND_TIMEOUT's 30 s. */
const DEADLINE_MS = 1_500;

describeEachDatabase('a test e-mail ends at its deadline (issue 42 item 5)', (database) => {
  const api = useApi(database, undefined, { mailSendTimeoutMs: DEADLINE_MS });

  for (const mode of ['greeting', 'ehlo'] as const) {
    it(`answers a short failure class within its deadline when the server goes silent (${mode === 'greeting' ? 'after its greeting' : 'after EHLO'})`, async () => {
      const hung = await startHungSmtp(mode);
      try {
        await saveSettings(api, 'alfadiesel', hung.port);
        const started = performance.now();
        const test = await api.post('/api/alfadiesel/testmail', { to: 'owner@alfadiesel.test' });
        const elapsed = performance.now() - started;
        expect([test.statusCode, jsonOf(test).msg]).toEqual([400, 'The mail server did not answer in time.']);
        // Without a deadline of its own the send waited for nodemailer's 60 s socket timeout.
        expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
        expect(elapsed).toBeLessThan(DEADLINE_MS + 5_000);
        if (mode === 'ehlo') expect(hung.heard()).toMatch(/^AUTH /m);
      } finally {
        await hung.close();
      }
    });
  }
});

describeEachDatabase("one unit's hung mail server delays only its own mail (issue 42 item 5)", (database) => {
  // A long deadline: the other unit's mail must not wait for it.
  const api = useApi(database, undefined, { mailSendTimeoutMs: 20_000, mailRetryDelaysMs: [60_000] });
  let hung: HungSmtp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    hung = await startHungSmtp('greeting');
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await hung?.close();
    await smtp?.close();
  });

  it("sends unit B's bill at once while unit A's send hangs", async () => {
    const invoice = api.registry.byType('invoice')!;
    const taxInvoice = api.registry.byType('taxinvoice')!;
    expect(invoice.unit).not.toBe(taxInvoice.unit);
    expect((await api.save(invoice, 1)).statusCode).toBe(200);
    expect((await api.save(taxInvoice, 1)).statusCode).toBe(200);
    await saveSettings(api, invoice.unit, hung.port);
    await saveSettings(api, taxInvoice.unit, smtp.port);

    const stuck = await api.post('/api/common/sendbill', { billtype: 'invoice', billno: 1, to: ['buyer@example.test'] });
    expect(stuck.statusCode, stuck.body).toBe(200);
    await hung.connected();
    const sent = await api.post('/api/common/sendbill', { billtype: 'taxinvoice', billno: 1, to: ['buyer@example.test'] });
    expect(sent.statusCode, sent.body).toBe(200);
    // One queue for every unit held this mail until the hung send gave up (20 s here, 60 s before deadlines).
    const mail = await within(5_000, "unit B's mail", smtp.message(1));
    expect(mail.subject).toContain('Invoice');
    const log = jsonOf(await api.post('/api/common/getsendlog', { billtype: 'invoice', billno: 1 }));
    expect(log.sends[0].status).toBe('queued');
  });
});
