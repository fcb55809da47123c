import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';
import { mailSettings, startSmtp, type TestSmtp } from './smtp';

const MAIL_KEY = Buffer.alloc(32, 7);
const lines = [
  { srno: 1, productname: '500 kVA DG set', service: [{ servicename: 'Monthly AMC service', servicedesc: '', rate: '1000', amount: '1000', hsn: '998714', taxrate: '18' }] },
];

async function ok(api: Api, path: string, body: Body = {}): Promise<any> {
  const response = await api.post(path, body);
  expect(response.statusCode, response.body).toBe(200);
  return jsonOf(response);
}

/** Issue 47: a contract that says so e-mails each invoice it raises, through the unit's mail server and the send log. */
describeEachDatabase('service contracts e-mail their invoices (issue 47)', (database) => {
  const api = useApi(database, undefined, { mailKey: MAIL_KEY, contractRunEveryMs: 0 });
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    await ok(api, '/api/gst/savemailsettings', mailSettings(smtp.port));
    await ok(api, '/api/common/saveclient', { clientname: 'Ruby Hall Clinic', clientaddress: 'Sassoon Road, Pune', gstno: '27AAPFU0939F1ZV', email: 'accounts@rubyhall.example' });
    await ok(api, '/api/common/saveclient', { clientname: 'Jehangir Hospital', clientaddress: 'Sassoon Road, Pune', gstno: '27AAPFU0939F1ZV' });
  });
  afterAll(() => smtp?.close());

  it('sends each raised invoice with its PDF to the client; a client without an e-mail still gets the invoice raised', async () => {
    const contract = (clientname: string) => ({ clientname, startdate: '2026-06-01', cycles: 1, frequency: 'monthly', email: true, product: lines });
    await ok(api, '/api/gst/savecontract', contract('Jehangir Hospital'));
    const ruby = (await ok(api, '/api/gst/savecontract', contract('Ruby Hall Clinic')))._id;
    const run = await ok(api, '/api/gst/runcontracts', { asof: '2026-06-01' });
    expect(run.raised).toHaveLength(2);
    const mail = await smtp.message(1);
    expect(mail.to).toMatchObject({ text: 'accounts@rubyhall.example' });
    const printed = run.raised.find((r: Body) => r.contract === Number(ruby)).printedNo;
    expect(mail.subject).toContain(printed);
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(smtp.received).toHaveLength(1);
  });
});
