import { afterAll, beforeAll, expect, it } from 'vitest';
import { gstProfile } from '../fixtures/profile';
import { pdfText, qrOnFirstPage, squash } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api } from './harness';
import { mailSettings, startSmtp, type TestSmtp } from './smtp';

const MAIL_KEY = Buffer.alloc(32, 9);
const BUYER = 'Shree Ganesh Transport';
const UPI = 'upi://pay?pa=alfadiesel@okaxis&pn=ALFA%20DIESEL%20SERVICES';
const upiFor = (amount: string, billno: number) => `${UPI}&am=${amount}&cu=INR&tn=Invoice%20No.%20${billno}`;

async function ok(api: Api, path: string, body: object) {
  const answer = await api.post(path, body);
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  return answer;
}

/**
 * Issue 50 item 3, worked out by hand: each tax invoice is 2 lines of 2.5 x 1,999.99 = 9,999.96 + 18% GST,
 * rounded to 11,800.00. No. 1 is unpaid (the QR asks 11,800.00), No. 2 has 5,000.00 received (it asks
 * 11,800.00 - 5,000.00 = 6,800.00), No. 3 is paid in full and No. 4 is cancelled (neither asks for anything).
 */
describeEachDatabase('the UPI QR asks for what is due (issue 50 item 3)', (database) => {
  const api = useApi(database, undefined, { mailKey: MAIL_KEY });
  let smtp: TestSmtp;
  let unit: string;
  const showPdf = async (billno: number) => (await ok(api, '/api/common/showpdf', { billtype: 'taxinvoice', billno })).rawPayload;
  const pay = (billno: number, amount: number) =>
    ok(api, `/api/${unit}/savepayment`, { clientname: BUYER, date: '2026-11-22', amount, mode: 'upi', allocations: [{ billtype: 'taxinvoice', billno, fy: '2026-27', amount }] });
  const shareMessage = async (billno: number) => jsonOf(await ok(api, '/api/common/getsharemessage', { billtype: 'taxinvoice', billno })).message as string;
  const mailDraft = async (billno: number) => jsonOf(await ok(api, '/api/common/getmaildraft', { billtype: 'taxinvoice', billno })).body as string;

  beforeAll(async () => {
    smtp = await startSmtp();
    const taxInvoice = api.registry.byType('taxinvoice')!;
    unit = taxInvoice.unit;
    await ok(api, `/api/${unit}/saveprofile`, gstProfile());
    await ok(api, `/api/${unit}/savemailsettings`, mailSettings(smtp.port));
    for (const billno of [1, 2, 3, 4]) expect((await api.save(taxInvoice, billno)).statusCode).toBe(200);
    await pay(2, 5000);
    await pay(3, 11800);
    await ok(api, '/api/common/deletebill', { billtype: 'taxinvoice', billno: 4 });
  });
  afterAll(() => smtp?.close());

  it('an unpaid bill asks for its grand total, as before', async () => {
    const pdf = await showPdf(1);
    expect(squash(pdfText(pdf))).toContain('Scan to pay ₹ 11,800.00');
    expect(pdfText(pdf)).not.toContain('Balance due');
    expect(qrOnFirstPage(pdf)).toBe(upiFor('11800.00', 1));
  });

  it('a part-paid bill asks for the remainder: the PDF names it as the balance due, the e-mail and WhatsApp message link it', async () => {
    const pdf = await showPdf(2);
    expect(squash(pdfText(pdf))).toContain('Scan to pay · Balance due ₹ 6,800.00');
    expect(pdfText(pdf)).not.toContain('Scan to pay ₹ 11,800.00');
    expect(qrOnFirstPage(pdf)).toBe(upiFor('6800.00', 2));
    for (const text of [await mailDraft(2), await shareMessage(2)]) {
      expect(text).toContain('Balance due: ₹6,800.00 by 21-11-2026.');
      expect(text).toContain(`Pay by UPI: ${upiFor('6800.00', 2)}`);
    }

    // The e-mailed copy is made as showpdf makes it: the same balance in its QR.
    await ok(api, '/api/common/sendbill', { billtype: 'taxinvoice', billno: 2, to: ['accounts@shreeganesh.example'] });
    const attached = (await smtp.message(1)).attachments[0].content;
    expect(squash(pdfText(attached))).toContain('Scan to pay · Balance due ₹ 6,800.00');
    expect(qrOnFirstPage(attached)).toBe(upiFor('6800.00', 2));
  });

  it('a paid bill and a cancelled one ask for nothing: no QR, no "Scan to pay", no UPI link in the messages', async () => {
    for (const billno of [3, 4]) {
      const pdf = await showPdf(billno);
      const text = pdfText(pdf);
      expect(text).not.toMatch(/Scan to pay|Balance due/);
      // The bank details still print: a paid bill's PDF is also a record of where it was paid.
      expect(text).toContain("Company's Bank Details");
      expect(qrOnFirstPage(pdf)).toBeNull();
    }
    for (const text of [await mailDraft(3), await shareMessage(3)]) {
      expect(text).not.toMatch(/UPI|upi:/);
      expect(text).toContain('Balance due: ₹0.00');
    }
  });
});
