import { afterAll, beforeAll, expect, it } from 'vitest';
import { pdfText } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';
import { SMTP_PASSWORD, SMTP_USER, startSmtp, type TestSmtp } from './smtp';

const MAIL_KEY = Buffer.alloc(32, 9);
const KAVERI = 'Kaveri Agro Industries';
const IDLE = 'Bharat Roadways';
const KAVERI_MAIL = 'accounts@kaveri.example';
const row = (rupees: number) => ({ srno: 1, goods: 'Fuel injection pump', qty: '1', rate: String(rupees), per: 'per', amount: String(rupees) });

async function ok(api: Api, url: string, body: Body) {
  const response = await api.post(url, body);
  expect(response.statusCode, response.body).toBe(200);
  return jsonOf(response);
}

/** Waits (vitest's time limit applies) until the client's sends have all left the queue. */
async function settledClientLog(api: Api, count: number): Promise<Body[]> {
  for (;;) {
    const { sends } = await ok(api, '/api/alfadiesel/getclientsendlog', { clientname: KAVERI });
    if (sends.length >= count && sends.every((send: Body) => send.status !== 'queued')) return sends;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function settledMarks(api: Api, bills: Body[], count: number): Promise<Body[]> {
  for (;;) {
    const { marks } = await ok(api, '/api/common/getsendmarks', { billtype: 'invoice', bills });
    if (marks.length >= count && marks.every((mark: Body) => mark.status !== 'queued')) return marks;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describeEachDatabase('statements and reminders by e-mail, list marks and WhatsApp sharing (issue 32 parts 2-4)', (database) => {
  const api = useApi(database, undefined, { mailKey: MAIL_KEY, mailRetryDelaysMs: [40, 40, 40] });
  let smtp: TestSmtp;
  const settings = (password = SMTP_PASSWORD) => ({
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    user: SMTP_USER,
    password,
    fromname: 'Alfa Diesel Accounts',
    fromaddress: 'billing@alfadiesel.test',
    replyto: '',
  });

  beforeAll(async () => {
    smtp = await startSmtp();
    await ok(api, '/api/common/saveclient', { clientname: KAVERI, clientaddress: 'Hosur Road, Bengaluru', phone: '98200 12345', email: KAVERI_MAIL });
    await ok(api, '/api/common/saveclient', { clientname: IDLE, clientaddress: 'Peenya, Bengaluru' });
    // Credit days 0: each bill is due on its own date, so all three are past due by now.
    for (const [billno, date, rupees] of [[1, '2026-09-01', 10000], [2, '2026-10-15', 5000], [3, '2026-11-10', 2500]] as const) {
      const saved = await api.save(api.registry.byType('invoice')!, billno, { clientname: KAVERI, date, product: [row(rupees)] });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const pay = (date: string, amount: number, billno: number) =>
      ok(api, '/api/alfadiesel/savepayment', { clientname: KAVERI, date, amount, mode: 'cash', allocations: [{ billtype: 'invoice', billno, fy: '2026-27', amount }] });
    await pay('2026-10-01', 10000, 1);
    await pay('2026-11-12', 1500, 2);
  });
  afterAll(() => smtp?.close());

  it('refuses what it cannot send, with the reason, and queues nothing', async () => {
    const statement = { clientname: KAVERI, from: '2026-10-01', to: '2026-11-30', mailto: [KAVERI_MAIL] };
    const refusals: [string, Body, string][] = [
      ['sendstatement', statement, 'No mail server is set for Alfa Diesel: save its E-mail settings on the Business Profile screen first.'],
      ['sendstatement', { ...statement, mailto: [] }, 'Please provide the e-mail address to send the statement to (mailto).'],
      ['sendstatement', { ...statement, mailto: 'kaveri' }, 'To: "kaveri" is not an e-mail address.'],
      ['sendstatement', { ...statement, from: '2026-13-01' }, 'Please provide from as a date written YYYY-MM-DD.'],
      ['sendstatement', { ...statement, from: '2026-12-01' }, 'from must not be after to.'],
      ['sendstatement', { ...statement, clientname: 'Nobody Ltd' }, 'There is no saved client named "Nobody Ltd".'],
      ['sendstatement', { ...statement, clientname: '' }, 'Please provide the client company name.'],
      ['sendreminder', { clientname: IDLE, mailto: ['a@b.example'] }, `${IDLE} has no overdue bills to remind of.`],
      ['getclientmaildraft', { clientname: KAVERI, kind: 'invoice' }, 'kind must be one of: statement, reminder.'],
    ];
    for (const [endpoint, body, msg] of refusals) {
      const answer = await api.post(`/api/alfadiesel/${endpoint}`, body);
      expect([endpoint, answer.statusCode, jsonOf(answer).msg]).toEqual([endpoint, 400, msg]);
    }
    expect(jsonOf(await api.post('/api/alfadiesel/getclientsendlog', { clientname: KAVERI })).sends).toEqual([]);
  });

  it('sends a statement with its PDF and a reminder naming the overdue bills; the client\'s log shows both as sent', async () => {
    await ok(api, '/api/alfadiesel/savemailsettings', settings());
    const draft = await ok(api, '/api/alfadiesel/getclientmaildraft', { clientname: 'kaveri agro industries', kind: 'statement', from: '2026-10-01', to: '2026-11-30' });
    // Opening 10,000 (invoice 1); in the period: paid 10,000, invoice 2 5,000, invoice 3 2,500, paid 1,500 -> 6,000.
    expect(draft).toEqual({
      clientname: KAVERI,
      to: [KAVERI_MAIL],
      cc: [],
      subject: 'Statement of account from ALFA DIESEL, 01-10-2026 to 30-11-2026',
      body: `Dear ${KAVERI},\n\nPlease find attached your statement of account from 01-10-2026 to 30-11-2026.\nClosing balance: ₹6,000.00.\n\nThank you,\nALFA DIESEL`,
    });
    const sent = await ok(api, '/api/alfadiesel/sendstatement', { clientname: KAVERI, from: '2026-10-01', to: '2026-11-30', mailto: `${KAVERI_MAIL}; owner@kaveri.example`, cc: 'me@alfadiesel.test' });
    expect(sent).toEqual({ msg: `The statement of ${KAVERI} is being sent to ${KAVERI_MAIL}, owner@kaveri.example.`, _id: expect.any(Number) });
    const statementMail = await smtp.message(1);
    expect(statementMail.subject).toBe(draft.subject);
    expect(statementMail.text?.trim()).toBe(draft.body);
    expect(statementMail.to).toMatchObject({ text: `${KAVERI_MAIL}, owner@kaveri.example` });
    expect(statementMail.cc).toMatchObject({ text: 'me@alfadiesel.test' });
    const pdf = await api.post('/api/alfadiesel/statement', { clientname: KAVERI, from: '2026-10-01', to: '2026-11-30', format: 'pdf' });
    expect(statementMail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`Statement-${KAVERI}-2026-10-01-2026-11-30.pdf`, 'application/pdf']]);
    const attached = pdfText(statementMail.attachments[0].content);
    expect(attached).toBe(pdfText(pdf.rawPayload));
    expect(attached).toContain('STATEMENT OF ACCOUNT');
    expect(attached).toContain('6,000.00');

    // Invoice 1 is paid; 2 has 5,000 - 1,500 = 3,500 left, due 15-10-2026; 3 has 2,500, due 10-11-2026: 6,000.
    const reminder = await ok(api, '/api/alfadiesel/sendreminder', { clientname: KAVERI, mailto: [KAVERI_MAIL], subject: '', body: '' });
    expect(reminder.msg).toBe(`The payment reminder of ${KAVERI} is being sent to ${KAVERI_MAIL}.`);
    const reminderMail = await smtp.message(2);
    expect(reminderMail.subject).toBe('Payment reminder from ALFA DIESEL: ₹6,000.00 overdue');
    expect(reminderMail.text?.trim()).toBe(
      [
        `Dear ${KAVERI},`,
        '',
        'This is a reminder that these bills are overdue:',
        'Invoice Bill 2: ₹3,500.00, due 15-10-2026',
        'Invoice Bill 3: ₹2,500.00, due 10-11-2026',
        '',
        'Amount due: ₹6,000.00.',
        '',
        'Thank you,',
        'ALFA DIESEL',
      ].join('\n'),
    );
    expect(reminderMail.attachments).toEqual([]);

    const log = await settledClientLog(api, 2);
    expect(log).toMatchObject([
      { _id: reminder._id, kind: 'reminder', to: [KAVERI_MAIL], status: 'sent', subject: reminderMail.subject },
      { _id: sent._id, kind: 'statement', to: [KAVERI_MAIL, 'owner@kaveri.example'], status: 'sent', period: { from: '2026-10-01', to: '2026-11-30' } },
    ]);
  });

  it('a statement refused by the mail server is logged as failed in its words and sent on Retry', async () => {
    await ok(api, '/api/alfadiesel/savemailsettings', settings('wrong-password'));
    const sent = await ok(api, '/api/alfadiesel/sendstatement', { clientname: KAVERI, from: '2026-11-01', to: '2026-11-30', mailto: [KAVERI_MAIL] });
    const [failed] = await settledClientLog(api, 3);
    expect(failed).toMatchObject({ _id: sent._id, status: 'failed', kind: 'statement' });
    expect(failed.error).toContain('Authentication credentials invalid');
    await ok(api, '/api/alfadiesel/savemailsettings', settings());
    await ok(api, '/api/common/retrysend', { _id: sent._id });
    const retried = await smtp.message(3);
    expect(retried.attachments[0].filename).toBe(`Statement-${KAVERI}-2026-11-01-2026-11-30.pdf`);
    expect((await settledClientLog(api, 3))[0]).toMatchObject({ _id: sent._id, status: 'sent' });
  });

  it('the list marks each bill by how its latest e-mail went', async () => {
    const bills = [1, 2, 3].map((billno) => ({ billno, fy: '2026-27' }));
    expect(await settledMarks(api, bills, 0)).toEqual([]);
    await ok(api, '/api/common/sendbill', { billtype: 'invoice', billno: 2, to: [KAVERI_MAIL] });
    expect(await settledMarks(api, bills, 1)).toEqual([{ billno: 2, fy: '2026-27', status: 'sent' }]);
    await ok(api, '/api/alfadiesel/savemailsettings', settings('wrong-password'));
    await ok(api, '/api/common/sendbill', { billtype: 'invoice', billno: 3, to: [KAVERI_MAIL] });
    expect(await settledMarks(api, bills, 2)).toEqual([
      { billno: 2, fy: '2026-27', status: 'sent' },
      { billno: 3, fy: '2026-27', status: 'failed' },
    ]);
    for (const bad of [[{ billno: 0, fy: '2026-27' }], [{ billno: 2 }], 'all', Array.from({ length: 201 }, () => ({ billno: 1, fy: '2026-27' }))]) {
      expect((await api.post('/api/common/getsendmarks', { billtype: 'invoice', bills: bad })).statusCode).toBe(400);
    }
  });

  it('shares a bill on WhatsApp: the message names the number, amount, balance and due date, to the client\'s phone', async () => {
    const share = await ok(api, '/api/common/getsharemessage', { billtype: 'invoice', billno: 2 });
    const message = [`Dear ${KAVERI},`, 'Invoice No. 2 dated 15-10-2026 from ALFA DIESEL: ₹5,000.00.', 'Balance due: ₹3,500.00 by 15-10-2026.'].join('\n');
    expect(share).toEqual({ phone: '98200 12345', message, link: `https://wa.me/919820012345?text=${encodeURIComponent(message)}` });
    const missing = await api.post('/api/common/getsharemessage', { billtype: 'invoice', billno: 99 });
    expect(missing.statusCode).toBe(404);
  });
});
