import { afterAll, beforeAll, expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { SMTP_PASSWORD, SMTP_USER, startSmtp, type TestSmtp } from '../api/smtp';
import { apiSession, registry, signIn, useBrowserApp } from './support';

const SHOTS = process.env.SCREENSHOT_DIR;
const BUYER = 'accounts@kaveri.example';
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp?.close());

/** Issue 32: a bill saved on screen is sent from PDF Generated, arrives with its PDF, and its edit screen says so. */
it('sends a saved bill from the PDF Generated modal and shows it sent on the edit screen', async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  const taxInvoice = registry.byType('taxinvoice')!;
  await api.postJson(`/api/${taxInvoice.unit}/savemailsettings`, {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    user: SMTP_USER,
    password: SMTP_PASSWORD,
    fromname: 'Alfa Diesel Accounts',
    fromaddress: 'billing@alfadiesel.test',
    replyto: '',
  });
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, { invoiceno: 71, clientname: 'Kaveri Mail Agro' }));

  const { page, errors } = await open({ width: 1366, height: 768 });
  await signIn(page, app, '/gst/view/taxinvoicebill/71');
  await page.getByRole('button', { name: 'Update And Create PDF' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Generate PDF' }).click();
  const saved = page.getByRole('dialog', { name: 'PDF Generated' });
  await saved.getByRole('button', { name: 'Send by e-mail' }).click();

  const send = page.getByRole('dialog', { name: 'Send by e-mail' });
  await send.getByLabel('To').fill(BUYER);
  expect(await send.getByLabel('Subject').inputValue()).toMatch(/^Invoice 71 from /);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/send-by-mail-1366.png` });
  await send.getByRole('button', { name: 'Send' }).click();
  await page.getByText(`Invoice No. 71 is being sent to ${BUYER}.`).waitFor();

  const mail = await smtp.message(1);
  expect(mail.to).toMatchObject({ text: BUYER });
  expect(mail.attachments.map((a) => a.filename)).toEqual(['71-Kaveri Mail Agro.pdf']);

  await page.reload();
  const log = page.getByRole('region', { name: 'Sent by e-mail' });
  await log.getByText('Sent', { exact: true }).waitFor();
  expect(await log.textContent()).toContain(`to ${BUYER}`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/send-log-1366.png`, fullPage: true });
  expect(errors).toEqual([]);
});

const env = useBrowserApp();
