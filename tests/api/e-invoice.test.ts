import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, it } from 'vitest';
import inv01 from '../fixtures/inv01-v1.1.schema.json';
import { gstProfile } from '../fixtures/profile';
import { pdfText, squash } from '../pdf/pdf-tools';
import { loadRegistry } from '../../src/server/schema-files';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

const KAVERI = { clientname: 'Kaveri Agro Industries', clientaddress: 'Hosur Road, Bengaluru 560068', gstno: '29AAGCB7383J1Z4' };
const validInv01 = new Ajv({ allErrors: true }).compile(inv01);

const line = (srno: number, goods: string, hsn: string, taxrate: string, qty: string, rate: string, amount: string) => ({
  srno, goods, hsn, taxrate, qty, rate, per: 'no', amount,
});

/** Every export must pass INV-01 v1.1's rules; the errors are the failure message when it does not. */
function expectValid(document: unknown) {
  const valid = validInv01(document);
  expect(validInv01.errors ?? [], JSON.stringify(document).slice(0, 200)).toEqual([]);
  expect(valid).toBe(true);
}

/** The first page rasterised (pdftoppm) and searched for a QR code (jsQR): its text, or null. */
function qrOnFirstPage(pdf: Buffer): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'irn-qr-'));
  try {
    writeFileSync(join(dir, 'bill.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', join(dir, 'bill.pdf'), join(dir, 'page')]);
    const page = PNG.sync.read(readFileSync(join(dir, 'page.png')));
    return jsQR(new Uint8ClampedArray(page.data.buffer, page.data.byteOffset, page.data.length), page.width, page.height)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A signed QR text of the IRP's shape (header.payload.signature) and about its length. */
const SIGNED_QR = `eyJhbGciOiJSUzI1NiIsImtpZCI6IjQ0NDQwNUM3ODFFNDgyNTA3MkIzNENBNEY4QkRDNjA2Qzg2QjU3MjAiLCJ0eXAiOiJKV1QifQ.${Buffer.from(
  JSON.stringify({ data: { SellerGstin: '27AAPFU0939F1ZV', BuyerGstin: '29AAGCB7383J1Z4', DocNo: '31', DocTyp: 'INV', DocDt: '21/11/2026', TotInvVal: 60120, ItemCnt: 2, MainHsnCode: '8413', Irn: 'a'.repeat(64), IrnDt: '2026-11-28 10:15:00' } }),
).toString('base64url')}.${'Zm9v'.repeat(64)}`;

/**
 * Worked out by hand; the seller (gstProfile) is in Maharashtra (27), Mumbai 400069.
 * - Tax Invoice 31, 21-11-2026, to Kaveri Agro (Karnataka): 4 no x 12,500 = 50,000.00 at 18% (IGST 9,000.00) and
 *   3 no x 333.33 = 999.99 at 12% (IGST 119.9988 -> 120.00): 50,999.99 + 9,120.00 = 60,119.99, grand total
 *   60,120.00 with round-off 0.01.
 * - Credit Note CN/1, 25-11-2026, against it: 1 no x 12,500 at 18%, IGST 2,250.00: 14,750.00.
 */
/** The day the exports are made on in these tests: the documents' ages are counted to it. */
const TODAY = '2026-11-29';

const notice = (answer: { headers: Record<string, unknown> }) => {
  const value = answer.headers['x-einvoice-notice'];
  return typeof value === 'string' ? decodeURIComponent(value) : undefined;
};

async function saveGstProfile(api: Api, einvoicing: string) {
  expect((await api.post('/api/gst/saveprofile', gstProfile({ einvoicing }))).statusCode).toBe(200);
  const list = jsonOf(await api.get('/api/common/getclient')).clientList as Body[];
  const { billCount: _count, ...kaveri } = list.find((c) => c.clientname === KAVERI.clientname)!;
  expect((await api.post('/api/common/saveclient', { ...kaveri, place: 'Bengaluru', pincode: '560068' })).statusCode).toBe(200);
}

describeEachDatabase('e-invoice JSON, INV-01 v1.1 (issue 33)', (database) => {
  const api = useApi(database, loadRegistry(), { today: () => TODAY });
  const einvoice = (body: Body) => api.post('/api/gst/einvoice', body);

  it('names what is missing, then answers the invoice and its credit note as INV-01 documents with the PDF\'s figures', async () => {
    const taxinvoice = api.registry.byType('taxinvoice')!;
    const saved = await api.save(taxinvoice, 31, {
      ...KAVERI, date: '2026-11-21',
      product: [line(1, 'Fuel injection pump', '8413', '18', '4', '12500', '50000.00'), line(2, 'Nozzle', '8409', '12', '3', '333.33', '999.99')],
    });
    expect(saved.statusCode, saved.body.slice(0, 200)).toBe(200);
    const missing = await einvoice({ billtype: 'taxinvoice', billno: 31 });
    expect({ status: missing.statusCode, msg: jsonOf(missing).msg }).toEqual({
      status: 400,
      msg: 'Place missing in Business Profile. Pincode missing in Business Profile. Place missing for client Kaveri Agro Industries. Pincode missing for client Kaveri Agro Industries.',
    });
    expect((await api.post('/api/gst/saveprofile', gstProfile())).statusCode).toBe(200);
    const list = jsonOf(await api.get('/api/common/getclient')).clientList as Body[];
    const { billCount: _count, ...kaveri } = list.find((c) => c.clientname === KAVERI.clientname)!;
    expect((await api.post('/api/common/saveclient', { ...kaveri, place: 'Bengaluru', pincode: '560068' })).statusCode).toBe(200);

    const answer = await einvoice({ billtype: 'taxinvoice', billno: 31, fy: '2026-27' });
    expect(answer.statusCode, answer.body).toBe(200);
    const invoice = jsonOf(answer);
    expectValid(invoice);
    expect(invoice).toEqual({
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: '31', Dt: '21/11/2026' },
      SellerDtls: {
        Gstin: '27AAPFU0939F1ZV', LglNm: 'ALFA DIESEL SERVICES', Addr1: 'Shop No. 2, Sai Industrial Estate, Andheri (East), Mumbai 400069',
        Loc: 'Mumbai', Pin: 400069, Stcd: '27', Ph: '919820012345', Em: 'gst@alfadiesel.in',
      },
      BuyerDtls: { Gstin: '29AAGCB7383J1Z4', LglNm: 'Kaveri Agro Industries', Addr1: 'Hosur Road, Bengaluru 560068', Loc: 'Bengaluru', Pin: 560068, Stcd: '29', Pos: '29' },
      ItemList: [
        {
          SlNo: '1', PrdDesc: 'Fuel injection pump', IsServc: 'N', HsnCd: '8413', Qty: 4, Unit: 'NOS', UnitPrice: 12500, TotAmt: 50000, Discount: 0, AssAmt: 50000,
          GstRt: 18, IgstAmt: 9000, CgstAmt: 0, SgstAmt: 0, CesRt: 0, CesAmt: 0, CesNonAdvlAmt: 0, StateCesRt: 0, StateCesAmt: 0, StateCesNonAdvlAmt: 0, OthChrg: 0, TotItemVal: 59000,
        },
        {
          SlNo: '2', PrdDesc: 'Nozzle', IsServc: 'N', HsnCd: '8409', Qty: 3, Unit: 'NOS', UnitPrice: 333.33, TotAmt: 999.99, Discount: 0, AssAmt: 999.99,
          GstRt: 12, IgstAmt: 120, CgstAmt: 0, SgstAmt: 0, CesRt: 0, CesAmt: 0, CesNonAdvlAmt: 0, StateCesRt: 0, StateCesAmt: 0, StateCesNonAdvlAmt: 0, OthChrg: 0, TotItemVal: 1119.99,
        },
      ],
      ValDtls: { AssVal: 50999.99, CgstVal: 0, SgstVal: 0, IgstVal: 9120, CesVal: 0, StCesVal: 0, Discount: 0, OthChrg: 0, RndOffAmt: 0.01, TotInvVal: 60120 },
      PayDtls: { Nm: 'ALFA DIESEL SERVICES', AccDet: '30012345678', FinInsBr: 'SBIN0001234' },
    });

    const note = await api.post('/api/gst/createtaxbill', {
      method: 'create', type: 'creditnote', invoiceno: 1, date: '2026-11-25', reason: 'Sales Return',
      clientname: KAVERI.clientname, clientaddress: '', gstno: '', placeofsupply: '29', against: { billtype: 'taxinvoice', billno: 31 },
      product: [line(1, 'Fuel injection pump', '8413', '18', '1', '12500', '12500.00')],
    });
    expect(note.statusCode, note.body.slice(0, 200)).toBe(200);
    const credit = jsonOf(await einvoice({ billtype: 'creditnote', billno: 1 }));
    expectValid(credit);
    expect(credit).toMatchObject({
      DocDtls: { Typ: 'CRN', No: 'CN/1', Dt: '25/11/2026' },
      BuyerDtls: { Gstin: '29AAGCB7383J1Z4', Pos: '29' },
      ItemList: [{ SlNo: '1', HsnCd: '8413', Qty: 1, UnitPrice: 12500, AssAmt: 12500, GstRt: 18, IgstAmt: 2250, TotItemVal: 14750 }],
      ValDtls: { AssVal: 12500, IgstVal: 2250, RndOffAmt: 0, TotInvVal: 14750 },
      RefDtls: { PrecDocDtls: [{ InvNo: '31', InvDt: '21/11/2026' }] },
    });

    // A period: every B2B document in it, the invoice and its credit note, equal to the single exports.
    const period = await einvoice({ from: '2026-11-01', to: '2026-11-30' });
    expect(period.statusCode, period.body.slice(0, 200)).toBe(200);
    const documents = jsonOf(period) as Body[];
    documents.forEach(expectValid);
    expect(documents).toEqual([invoice, credit]);
    expect(jsonOf(await einvoice({ from: '2026-12-01', to: '2026-12-31' }))).toEqual([]);
  });

  it('refuses types without e-invoices and bad input with 4xx { msg }', async () => {
    const cases: [Body, number, string][] = [
      [{ billtype: 'b2cinvoice', billno: 1 }, 400, 'Walk-in Tax Invoice Bill has no e-invoice: only GST invoices and notes to registered buyers do.'],
      [{ billtype: 'taxquotation', billno: 1 }, 400, 'Tax Quotation Bill has no e-invoice: only GST invoices and notes to registered buyers do.'],
      [{ billtype: 'taxinvoice', billno: 99 }, 404, 'Bill No. 99 not found.'],
      [{ billtype: 'taxinvoice' }, 400, 'Please provide a valid billno (a whole number from 1).'],
      [{}, 400, 'Please provide the billtype.'],
      [{ from: '2026-12-01', to: '2026-11-01' }, 400, 'Please provide from and to: days written like 2026-11-01, from not after to.'],
      [{ from: '2026-11-01' }, 400, 'Please provide from and to: days written like 2026-11-01, from not after to.'],
    ];
    for (const [body, status, msg] of cases) {
      const answer = await einvoice(body);
      expect({ status: answer.statusCode, msg: jsonOf(answer).msg }).toEqual({ status, msg });
    }
  });

  it('saveirn stores the IRP\'s answer (audited); the PDF prints the IRN, Ack No. and date and a QR code of SignedQRCode', async () => {
    await api.post('/api/gst/saveprofile', gstProfile({ upiId: '' }));
    const irn = { Irn: 'A1B2C3D4'.repeat(8), AckNo: '112610012345678', AckDt: '2026-11-28 10:15:00', SignedQRCode: SIGNED_QR };
    const refusals: [Body, number, string][] = [
      [{ Irn: 'abc' }, 400, 'Please provide the IRN: the 64 characters the IRP answered.'],
      [{ AckNo: '11261A' }, 400, 'Please provide the Ack No.: up to 20 digits.'],
      [{ AckDt: '28/11/2026 10:15' }, 400, 'Ack Date must be written as the IRP answers it, e.g. 2026-11-28 10:15:00.'],
      [{ SignedQRCode: 'not signed' }, 400, 'Please provide the SignedQRCode as the IRP answered it (a signed text of three parts joined by dots).'],
      [{ billtype: 'b2cinvoice' }, 400, 'Walk-in Tax Invoice Bill has no e-invoice: only GST invoices and notes to registered buyers do.'],
      [{ billno: 99 }, 404, 'Bill No. 99 not found.'],
    ];
    for (const [change, status, msg] of refusals) {
      const answer = await api.post('/api/gst/saveirn', { billtype: 'taxinvoice', billno: 31, ...irn, ...change });
      expect({ status: answer.statusCode, msg: jsonOf(answer).msg }).toEqual({ status, msg });
    }
    expect(jsonOf(await api.post('/api/gst/getirn', { billtype: 'taxinvoice', billno: 31 }))).toEqual({ irn: null });
    const saved = await api.post('/api/gst/saveirn', { billtype: 'taxinvoice', billno: 31, ...irn });
    expect({ status: saved.statusCode, msg: jsonOf(saved).msg }).toEqual({ status: 200, msg: 'IRN saved for Invoice No. 31.' });
    const audit = await api.storage.database.db.selectFrom('audit_log').select(['type', 'billno', 'after']).where('action', '=', 'registration').execute();
    expect(audit.map((row) => [row.type, Number(row.billno), JSON.parse(row.after!).irn.AckNo])).toEqual([['taxinvoice', 31, '112610012345678']]);

    expect(jsonOf(await api.post('/api/gst/getirn', { billtype: 'taxinvoice', billno: 31, fy: '2026-27' }))).toEqual({
      irn: { Irn: irn.Irn.toLowerCase(), AckNo: '112610012345678', AckDt: '2026-11-28 10:15:00' },
    });
    const pdf = (await api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno: 31 })).rawPayload;
    const text = squash(pdfText(pdf));
    expect(text).toContain(`IRN ${irn.Irn.toLowerCase()}`);
    expect(text).toContain('Ack No. 112610012345678 Ack Date 2026-11-28 10:15:00');
    expect(qrOnFirstPage(pdf)).toBe(SIGNED_QR);
  });

  /*
   * Issue 49, worked out by hand: Tax Invoice 41, 25-11-2026, to Kaveri Agro (Karnataka, IGST), two lines of HSN 8413
   * at 18%: 2 no x 12,500 = 25,000.00 and 1 no x 9,999.99. The 18% rate's taxable 34,999.99 carries IGST
   * 6,299.9982 -> 6,300.00, shared by value: 25,000 / 34,999.99 of it is 4,500.0013 -> 4,500.00 and the rest
   * 1,799.9987 -> 1,800.00 (the paisa left goes to the larger remainder). 34,999.99 + 6,300 = 41,299.99, grand
   * total 41,300.00 with round-off 0.01.
   */
  it('has one item per line of the bill, with its own description, quantity and price, the items adding up to the totals', async () => {
    const taxinvoice = api.registry.byType('taxinvoice')!;
    const saved = await api.save(taxinvoice, 41, {
      ...KAVERI, date: '2026-11-25',
      product: [line(1, 'Fuel injection pump', '8413', '18', '2', '12500', '25000.00'), line(2, 'Fuel injection pump, reconditioned', '8413', '18', '1', '9999.99', '9999.99')],
    });
    expect(saved.statusCode, saved.body.slice(0, 200)).toBe(200);
    await saveGstProfile(api, '');
    const answer = await einvoice({ billtype: 'taxinvoice', billno: 41 });
    expect(answer.statusCode, answer.body).toBe(200);
    const invoice = jsonOf(answer);
    expectValid(invoice);
    expect(invoice.ItemList).toEqual([
      expect.objectContaining({ SlNo: '1', PrdDesc: 'Fuel injection pump', HsnCd: '8413', Qty: 2, Unit: 'NOS', UnitPrice: 12500, TotAmt: 25000, AssAmt: 25000, GstRt: 18, IgstAmt: 4500, TotItemVal: 29500 }),
      expect.objectContaining({ SlNo: '2', PrdDesc: 'Fuel injection pump, reconditioned', HsnCd: '8413', Qty: 1, Unit: 'NOS', UnitPrice: 9999.99, TotAmt: 9999.99, AssAmt: 9999.99, GstRt: 18, IgstAmt: 1800, TotItemVal: 11799.99 }),
    ]);
    expect(invoice.ValDtls).toMatchObject({ AssVal: 34999.99, IgstVal: 6300, RndOffAmt: 0.01, TotInvVal: 41300 });
  });

  it('refuses a note against a one-character number before export, naming the fix; the profile warns of such a series while e-invoicing', async () => {
    await saveGstProfile(api, '');
    expect(jsonOf(await api.post('/api/gst/getprofile', {})).profile.warnings).toEqual([]);
    const taxinvoice = api.registry.byType('taxinvoice')!;
    expect((await api.save(taxinvoice, 7, { ...KAVERI, date: '2026-11-25', product: [line(1, 'Nozzle', '8409', '12', '1', '1000', '1000.00')] })).statusCode).toBe(200);
    const note = await api.post('/api/gst/createtaxbill', {
      method: 'create', type: 'creditnote', invoiceno: 2, date: '2026-11-26', reason: 'Sales Return',
      clientname: KAVERI.clientname, clientaddress: '', gstno: '', placeofsupply: '29', against: { billtype: 'taxinvoice', billno: 7 },
      product: [line(1, 'Nozzle', '8409', '12', '1', '1000', '1000.00')],
    });
    expect(note.statusCode, note.body.slice(0, 200)).toBe(200);
    const refused = await einvoice({ billtype: 'creditnote', billno: 2 });
    expect({ status: refused.statusCode, msg: jsonOf(refused).msg }).toEqual({
      status: 400,
      msg: 'Credit Note No. CN/2 is against No. 7, which the e-invoice portal refuses: an original\'s number must be at least 2 characters. Give the series a prefix (Business Profile, e.g. GI/{fy}/{n}).',
    });
    // The same period's file says so too, rather than leaving the note out.
    const period = await einvoice({ from: '2026-11-26', to: '2026-11-26' });
    expect({ status: period.statusCode, msg: jsonOf(period).msg }).toEqual({ status: 400, msg: jsonOf(refused).msg });

    await saveGstProfile(api, 'on');
    expect(jsonOf(await api.post('/api/gst/getprofile', {})).profile.warnings).toEqual([
      'The Tax Invoice Bill series "{n}" prints its first bills as one character ("1"): the e-invoice portal refuses a credit or debit note against such a bill. Give the series a prefix, e.g. GI/{fy}/{n}.',
    ]);
    const prefixed = await api.post('/api/gst/saveprofile', { series: { taxinvoice: 'GI/{fy}/{n}' } });
    expect(prefixed.statusCode, prefixed.body).toBe(200);
    expect(jsonOf(await api.post('/api/gst/getprofile', {})).profile.warnings).toEqual([]);
    const refusal = await api.post('/api/gst/saveprofile', gstProfile({ einvoicing: 'maybe' }));
    expect({ status: refusal.statusCode, msg: jsonOf(refusal).msg }).toEqual({ status: 400, msg: 'E-invoicing must be one of: on, large (or empty).' });
  });

  // 29 October to 29 November is 31 days, one more than the 30 allowed; 30 October is 30 days. The series has the
  // prefix the test before gave it.
  it('warns of an export more than 30 days old when the profile says the turnover is ₹10 crore or more', async () => {
    const taxinvoice = api.registry.byType('taxinvoice')!;
    const product = [line(1, 'Nozzle', '8409', '12', '1', '1000', '1000.00')];
    expect((await api.save(taxinvoice, 42, { ...KAVERI, date: '2026-10-29', product })).statusCode).toBe(200);
    expect((await api.save(taxinvoice, 43, { ...KAVERI, date: '2026-10-30', product })).statusCode).toBe(200);
    await saveGstProfile(api, 'on');
    const quiet = await einvoice({ billtype: 'taxinvoice', billno: 42 });
    expect([quiet.statusCode, notice(quiet)]).toEqual([200, undefined]);
    await saveGstProfile(api, 'large');
    const late = await einvoice({ billtype: 'taxinvoice', billno: 42 });
    expect(late.statusCode, late.body).toBe(200);
    expectValid(jsonOf(late));
    expect(notice(late)).toBe('Invoice No. GI/26-27/42 is 31 days old: with a turnover of ₹10 crore or more the IRP registers an e-invoice only within 30 days of its date.');
    const inTime = await einvoice({ billtype: 'taxinvoice', billno: 43 });
    expect([inTime.statusCode, notice(inTime)]).toEqual([200, undefined]);
    const period = await einvoice({ from: '2026-10-01', to: '2026-10-31' });
    expect([period.statusCode, jsonOf(period).length, notice(period)]).toEqual([200, 2, notice(late)]);
  });
});
