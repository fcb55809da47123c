import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { gstProfile } from '../fixtures/profile';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

/** jsdom (a dev dependency, without type declarations here): its XML parser is the one this test reads the file with. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (text: string, options: { contentType: string }) => { window: { document: Document } };
};

/** The payment's receipt number under the receipts' own series (payments.json). */
const RECEIPT = 'R/1';

const KAVERI = { clientname: 'Kaveri Agro & Sons', clientaddress: 'Hosur Road, Bengaluru 560068', gstno: '29AAGCB7383J1Z4' };

const line = (srno: number, goods: string, hsn: string, taxrate: string, qty: string, rate: string, amount: string) => ({
  srno, goods, hsn, taxrate, qty, rate, per: 'no', amount,
});

/**
 * November 2026, worked out by hand; the seller (gstProfile) is in Maharashtra (27).
 * - Tax Invoice 1, 5 Nov, to Kaveri Agro & Sons, Karnataka: 2 x 10,000 = 20,000.00 at 18% and 1 x 999.99 at 12%;
 *   IGST 3,600.00 + 119.9988 -> 120.00 = 3,720.00; 24,719.99 -> 24,720.00, round-off 0.01.
 *   Party Dr 24,720.00 = Sales @18% 20,000.00 + Sales @12% 999.99 + Output IGST 3,720.00 + Round Off 0.01.
 * - Walk-in Tax Invoice B/1, 10 Nov, to Ramesh Patil in Maharashtra: 1 x 1,000.50 at 18%, CGST and SGST 90.045 ->
 *   90.05 each; 1,180.60 -> 1,181.00, round-off 0.40. Party Dr 1,181.00 = 1,000.50 + 90.05 + 90.05 + 0.40.
 * - Credit Note CN/1, 20 Nov, against Tax Invoice 1: 1 x 10,000 at 18%, IGST 1,800.00: the party Cr 11,800.00,
 *   Sales @18% Dr 10,000.00 and Output IGST Dr 1,800.00.
 * - Tax Invoice 2, 21 Nov, cancelled.
 * - A payment of 13,000.00 by bank on 25 Nov: 24,720.00 - 11,800.00 = 12,920.00 settles what is left of Tax Invoice 1,
 *   80.00 stays on account. Cash Dr 13,000.00, the party Cr 13,000.00 against bill 1 (12,920.00) and on account (80.00).
 */
async function seed(api: Api) {
  const ok = async (answer: Promise<{ statusCode: number; body: string }>) => {
    const response = await answer;
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  };
  await ok(api.post('/api/gst/saveprofile', gstProfile()));
  const taxinvoice = api.registry.byType('taxinvoice')!;
  await ok(api.save(taxinvoice, 1, {
    ...KAVERI, date: '2026-11-05',
    product: [line(1, 'Fuel injection pump', '8413', '18', '2', '10000', '20000.00'), line(2, 'Nozzle', '8409', '12', '1', '999.99', '999.99')],
  }));
  await ok(api.save(api.registry.byType('b2cinvoice')!, 1, {
    clientname: 'Ramesh Patil', clientaddress: 'Chakan, Pune', placeofsupply: '27', date: '2026-11-10', product: [line(1, 'Filter', '8421', '18', '1', '1000.50', '1000.50')],
  }));
  await ok(api.post('/api/gst/createtaxbill', {
    method: 'create', type: 'creditnote', invoiceno: 1, date: '2026-11-20', reason: 'Sales Return',
    clientname: KAVERI.clientname, clientaddress: '', gstno: '', placeofsupply: '29', against: { billtype: 'taxinvoice', billno: 1 },
    product: [line(1, 'Fuel injection pump', '8413', '18', '1', '10000', '10000.00')],
  }));
  await ok(api.save(taxinvoice, 2, { ...KAVERI, date: '2026-11-21', product: [line(1, 'Nozzle', '8409', '12', '1', '500', '500.00')] }));
  await ok(api.post('/api/common/deletebill', { billtype: 'taxinvoice', billno: 2 }));
  await ok(api.post('/api/gst/savepayment', {
    clientname: KAVERI.clientname, date: '2026-11-25', amount: 13000, mode: 'bank', allocations: [{ billtype: 'taxinvoice', billno: 1, fy: '2026-27', amount: 12920 }],
  }));
}

interface Entry {
  ledger: string;
  deemedPositive: string;
  amount: string;
  bills?: string[];
}

/** The import file read with a real XML parser (jsdom's): each voucher's fields and ledger entries. */
function vouchersOf(xml: string) {
  const document = new JSDOM(xml, { contentType: 'text/xml' }).window.document;
  const text = (parent: Element, name: string) => parent.querySelector(`:scope > ${name.replace('.', '\\.')}`)?.textContent ?? undefined;
  expect(document.querySelector('ENVELOPE > HEADER > TALLYREQUEST')?.textContent).toBe('Import Data');
  expect(document.querySelector('REQUESTDESC > REPORTNAME')?.textContent).toBe('Vouchers');
  return [...document.querySelectorAll('VOUCHER')].map((voucher) => ({
    type: voucher.getAttribute('VCHTYPE'),
    date: text(voucher, 'DATE'),
    number: text(voucher, 'VOUCHERNUMBER'),
    party: text(voucher, 'PARTYLEDGERNAME'),
    gstin: text(voucher, 'PARTYGSTIN'),
    pos: text(voucher, 'PLACEOFSUPPLY'),
    cancelled: text(voucher, 'ISCANCELLED'),
    entries: [...voucher.querySelectorAll(':scope > ALLLEDGERENTRIES\\.LIST')].map((entry): Entry => {
      const bills = [...entry.querySelectorAll('BILLALLOCATIONS\\.LIST')].map((bill) => `${text(bill, 'BILLTYPE')} ${text(bill, 'NAME')} ${text(bill, 'AMOUNT')}`);
      return {
        ledger: text(entry, 'LEDGERNAME')!,
        deemedPositive: text(entry, 'ISDEEMEDPOSITIVE')!,
        amount: text(entry, 'AMOUNT')!,
        ...(bills.length && { bills }),
      };
    }),
  }));
}

/** A voucher's amounts added in paise: Tally imports only vouchers that come to zero. */
const paiseSum = (entries: Entry[]) => entries.reduce((sum, entry) => sum + Math.round(Number(entry.amount) * 100), 0);

describeEachDatabase('Tally export (issue 49)', (database) => {
  const api = useApi(database);

  it('writes one voucher per document in date order, each summing to zero, with the hand-worked amounts and GSTINs', async () => {
    await seed(api);
    const answer = await api.post('/api/gst/tallyexport', { from: '2026-11-01', to: '2026-11-30' });
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/xml/);
    expect(answer.headers['content-disposition']).toContain('Tally_gst_2026-11-01_2026-11-30.xml');
    const vouchers = vouchersOf(answer.body);
    for (const voucher of vouchers) expect(paiseSum(voucher.entries), voucher.number).toBe(0);
    expect(vouchers).toEqual([
      {
        type: 'Sales', date: '20261105', number: '1', party: 'Kaveri Agro & Sons', gstin: '29AAGCB7383J1Z4', pos: 'Karnataka', cancelled: 'No',
        entries: [
          { ledger: 'Kaveri Agro & Sons', deemedPositive: 'Yes', amount: '-24720.00', bills: ['New Ref 1 -24720.00'] },
          { ledger: 'Sales @18%', deemedPositive: 'No', amount: '20000.00' },
          { ledger: 'Sales @12%', deemedPositive: 'No', amount: '999.99' },
          { ledger: 'Output IGST', deemedPositive: 'No', amount: '3720.00' },
          { ledger: 'Round Off', deemedPositive: 'No', amount: '0.01' },
        ],
      },
      {
        type: 'Sales', date: '20261110', number: 'B/1', party: 'Ramesh Patil', gstin: undefined, pos: 'Maharashtra', cancelled: 'No',
        entries: [
          { ledger: 'Ramesh Patil', deemedPositive: 'Yes', amount: '-1181.00', bills: ['New Ref B/1 -1181.00'] },
          { ledger: 'Sales @18%', deemedPositive: 'No', amount: '1000.50' },
          { ledger: 'Output CGST', deemedPositive: 'No', amount: '90.05' },
          { ledger: 'Output SGST', deemedPositive: 'No', amount: '90.05' },
          { ledger: 'Round Off', deemedPositive: 'No', amount: '0.40' },
        ],
      },
      {
        type: 'Credit Note', date: '20261120', number: 'CN/1', party: 'Kaveri Agro & Sons', gstin: '29AAGCB7383J1Z4', pos: 'Karnataka', cancelled: 'No',
        entries: [
          { ledger: 'Kaveri Agro & Sons', deemedPositive: 'No', amount: '11800.00', bills: ['Agst Ref 1 11800.00'] },
          { ledger: 'Sales @18%', deemedPositive: 'Yes', amount: '-10000.00' },
          { ledger: 'Output IGST', deemedPositive: 'Yes', amount: '-1800.00' },
        ],
      },
      { type: 'Sales', date: '20261121', number: '2', party: 'Kaveri Agro & Sons', gstin: '29AAGCB7383J1Z4', pos: 'Karnataka', cancelled: 'Yes', entries: [] },
      {
        type: 'Receipt', date: '20261125', number: RECEIPT, party: 'Kaveri Agro & Sons', gstin: undefined, pos: undefined, cancelled: 'No',
        entries: [
          { ledger: 'Cash', deemedPositive: 'Yes', amount: '-13000.00' },
          { ledger: 'Kaveri Agro & Sons', deemedPositive: 'No', amount: '13000.00', bills: ['Agst Ref 1 12920.00', `On Account ${RECEIPT} 80.00`] },
        ],
      },
    ]);
  });

  it('names the unit\'s own ledgers and leaves cancelled bills out when the Business Profile says so', async () => {
    const saved = await api.post('/api/gst/saveprofile', gstProfile({ tallySales: 'GST Sales {rate}%', tallyIgst: 'IGST Payable', tallyRoundOff: 'Rounding', tallyCancelled: 'omit' }));
    expect(saved.statusCode, saved.body).toBe(200);
    const vouchers = vouchersOf((await api.post('/api/gst/tallyexport', { from: '2026-11-01', to: '2026-11-30' })).body);
    expect(vouchers.map((voucher) => voucher.number)).toEqual(['1', 'B/1', 'CN/1', RECEIPT]);
    expect(vouchers[0].entries.map((entry) => entry.ledger)).toEqual(['Kaveri Agro & Sons', 'GST Sales 18%', 'GST Sales 12%', 'IGST Payable', 'Rounding']);
    expect(vouchers[1].entries.map((entry) => entry.ledger)).toEqual(['Ramesh Patil', 'GST Sales 18%', 'Output CGST', 'Output SGST', 'Rounding']);
    await api.post('/api/gst/saveprofile', gstProfile());
  });

  it('writes the same rows as an Excel file for TallyPrime\'s Excel import', async () => {
    const answer = await api.post('/api/gst/tallyexport', { from: '2026-11-01', to: '2026-11-30', format: 'xlsx' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain('Tally_gst_2026-11-01_2026-11-30.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Vouchers')!;
    const rows = sheet.getSheetValues().slice(2).map((row) => (row as unknown[]).slice(1));
    const cell = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value ?? '');
    // A row's empty cells are holes in exceljs's array: read all twelve.
    expect(rows.map((row) => Array.from({ length: 12 }, (_, index) => cell(row[index])))).toEqual([
      ['Sales', '2026-11-05', '1', 'Kaveri Agro & Sons', '29AAGCB7383J1Z4', 'Karnataka', 'Kaveri Agro & Sons', 'Dr', 24720, '1', 'New Ref', 'No'],
      ['Sales', '2026-11-05', '1', 'Kaveri Agro & Sons', '29AAGCB7383J1Z4', 'Karnataka', 'Sales @18%', 'Cr', 20000, '', '', 'No'],
      ['Sales', '2026-11-05', '1', 'Kaveri Agro & Sons', '29AAGCB7383J1Z4', 'Karnataka', 'Sales @12%', 'Cr', 999.99, '', '', 'No'],
      ['Sales', '2026-11-05', '1', 'Kaveri Agro & Sons', '29AAGCB7383J1Z4', 'Karnataka', 'Output IGST', 'Cr', 3720, '', '', 'No'],
      ['Sales', '2026-11-05', '1', 'Kaveri Agro & Sons', '29AAGCB7383J1Z4', 'Karnataka', 'Round Off', 'Cr', 0.01, '', '', 'No'],
      ['Sales', '2026-11-10', 'B/1', 'Ramesh Patil', '', 'Maharashtra', 'Ramesh Patil', 'Dr', 1181, 'B/1', 'New Ref', 'No'],
      ['Sales', '2026-11-10', 'B/1', 'Ramesh Patil', '', 'Maharashtra', 'Sales @18%', 'Cr', 1000.5, '', '', 'No'],
      ['Sales', '2026-11-10', 'B/1', 'Ramesh Patil', '', 'Maharashtra', 'Output CGST', 'Cr', 90.05, '', '', 'No'],
      ['Sales', '2026-11-10', 'B/1', 'Ramesh Patil', '', 'Maharashtra', 'Output SGST', 'Cr', 90.05, '', '', 'No'],
      ['Sales', '2026-11-10', 'B/1', 'Ramesh Patil', '', 'Maharashtra', 'Round Off', 'Cr', 0.4, '', '', 'No'],
      ['Credit Note', '2026-11-20', 'CN/1', 'Kaveri Agro & Sons', '29AAGCB7383J1Z4', 'Karnataka', 'Kaveri Agro & Sons', 'Cr', 11800, '1', 'Agst Ref', 'No'],
      ['Credit Note', '2026-11-20', 'CN/1', 'Kaveri Agro & Sons', '29AAGCB7383J1Z4', 'Karnataka', 'Sales @18%', 'Dr', 10000, '', '', 'No'],
      ['Credit Note', '2026-11-20', 'CN/1', 'Kaveri Agro & Sons', '29AAGCB7383J1Z4', 'Karnataka', 'Output IGST', 'Dr', 1800, '', '', 'No'],
      ['Sales', '2026-11-21', '2', 'Kaveri Agro & Sons', '29AAGCB7383J1Z4', 'Karnataka', '', '', '', '', '', 'Yes'],
      ['Receipt', '2026-11-25', RECEIPT, 'Kaveri Agro & Sons', '', '', 'Cash', 'Dr', 13000, '', '', 'No'],
      ['Receipt', '2026-11-25', RECEIPT, 'Kaveri Agro & Sons', '', '', 'Kaveri Agro & Sons', 'Cr', 13000, `1, ${RECEIPT}`, 'Agst Ref, On Account', 'No'],
    ]);
  });

  // December: Tax Invoice 3 of 1 x 10,000 at 18% to Karnataka, IGST 1,800.00: 11,800.00, paid with 11,600.00 received
  // and 200.00 TDS deducted. Cash Dr 11,600.00 and TDS Receivable Dr 200.00; the party Cr 11,800.00 against bill 3.
  it('writes a payment with TDS as a Receipt debiting the money and the TDS, crediting the party against the bill', async () => {
    const saved = await api.save(api.registry.byType('taxinvoice')!, 3, { ...KAVERI, date: '2026-12-02', product: [line(1, 'Fuel injection pump', '8413', '18', '1', '10000', '10000.00')] });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const paid = await api.post('/api/gst/savepayment', {
      clientname: KAVERI.clientname, date: '2026-12-05', amount: 11600, mode: 'bank', allocations: [{ billtype: 'taxinvoice', billno: 3, fy: '2026-27', amount: 11800 }], tds: { section: '393', amount: 200 },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [, receipt] = vouchersOf((await api.post('/api/gst/tallyexport', { from: '2026-12-01', to: '2026-12-31' })).body);
    expect(paiseSum(receipt.entries)).toBe(0);
    expect(receipt).toMatchObject({
      type: 'Receipt', date: '20261205', number: 'R/2',
      entries: [
        { ledger: 'Cash', deemedPositive: 'Yes', amount: '-11600.00' },
        { ledger: 'TDS Receivable', deemedPositive: 'Yes', amount: '-200.00' },
        { ledger: 'Kaveri Agro & Sons', deemedPositive: 'No', amount: '11800.00', bills: ['Agst Ref 3 11800.00'] },
      ],
    });
  });

  // January: Receipt Voucher RV/1 of 08-01-2027, an advance of 11,800.00 including tax for an overhaul (SAC 9987):
  // Cash Dr 11,800.00, the party Cr 11,800.00 on account under RV/1, to be set against the invoice that takes it.
  it('writes an advance on a receipt voucher as a Receipt crediting the party on account', async () => {
    const advance = await api.post('/api/gst/createtaxbill', {
      method: 'create', type: 'receiptvoucher', invoiceno: 1, date: '2027-01-08', ...KAVERI, placeofsupply: '29', amounts: 'include', mode: 'cash', reference: '',
      product: [{ srno: 1, description: 'Advance for engine overhaul', hsn: '9987', taxrate: '18', amount: '11800' }],
    });
    expect(advance.statusCode, advance.body.slice(0, 300)).toBe(200);
    const [receipt] = vouchersOf((await api.post('/api/gst/tallyexport', { from: '2027-01-01', to: '2027-01-31' })).body);
    expect(paiseSum(receipt.entries)).toBe(0);
    expect(receipt).toMatchObject({
      type: 'Receipt', date: '20270108', number: 'RV/1',
      entries: [
        { ledger: 'Cash', deemedPositive: 'Yes', amount: '-11800.00' },
        { ledger: 'Kaveri Agro & Sons', deemedPositive: 'No', amount: '11800.00', bills: ['On Account RV/1 11800.00'] },
      ],
    });
  });

  it('refuses a bad period or format with 400 { msg }', async () => {
    const cases: [Body, string][] = [
      [{}, 'Please provide from and to: days written like 2026-11-01, from not after to.'],
      [{ from: '2026-11-30', to: '2026-11-01' }, 'Please provide from and to: days written like 2026-11-01, from not after to.'],
      [{ from: '2026-11-01', to: '2026-11-30', format: 'pdf' }, 'format must be one of: xml, xlsx.'],
    ];
    for (const [body, msg] of cases) {
      const answer = await api.post('/api/gst/tallyexport', body);
      expect({ status: answer.statusCode, msg: jsonOf(answer).msg }).toEqual({ status: 400, msg });
    }
  });
});
