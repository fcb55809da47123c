import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckChar, type BillType } from '../../src/engine/core';
import { fillStoredBillFigures } from '../../src/server/bills/figures';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api } from './harness';

/** A Karnataka buyer (state 29): the Maharashtra (27) seller charges IGST. */
const KARNATAKA_GSTIN = `29AAPFU0939F1Z${gstinCheckChar('29AAPFU0939F1Z')}`;
const MAHARASHTRA_GSTIN = '27AAPFU0939F1ZV';
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };

/** The UQC the schema declares for a Per value. */
function uqcOf(billType: BillType, per: string): string {
  return billType.rowsField.rows!.fields.find((f) => f.unitsOfMeasure)!.unitsOfMeasure![per].uqc;
}

/**
 * Hand-computed figures (seller in Maharashtra, 27):
 * taxinvoice 1 (intra-state, two rates): 2 x 1000.50 = 2001.00 at 18% (CGST 180.09 + SGST 180.09) and
 * 3.5 x 99.99 = 349.965 -> 349.97 at 5% (CGST 8.74925 -> 8.75 + SGST 8.75); taxable 2350.97, tax 377.68,
 * 2728.65 -> 2729 with round-off 0.35.
 * taxservice 1 (inter-state): 1200 at 18% IGST 216.00 -> 1416.
 */
function twoRateLines() {
  return [
    { srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty: '2', rate: '1000.50', per: 'per', amount: '2001.00' },
    { srno: 2, goods: 'Lube oil', hsn: '2710', taxrate: '5', qty: '3.5', rate: '99.99', per: 'set', amount: '349.97' },
  ];
}

async function seed(api: Api) {
  const type = (name: string) => api.registry.byType(name)!;
  const ok = async (promise: ReturnType<Api['save']>) => expect((await promise).statusCode).toBe(200);
  // Created with one line, then updated to two rates: the update must replace the stored figures.
  await ok(api.save(type('taxinvoice'), 1, { date: '2026-11-05' }));
  await ok(api.save(type('taxinvoice'), 1, { date: '2026-11-05', gstno: MAHARASHTRA_GSTIN, product: twoRateLines() }, 'update'));
  await ok(
    api.save(type('taxservice'), 1, {
      date: '2026-11-10',
      gstno: KARNATAKA_GSTIN,
      clientname: 'Udupi Gensets',
      product: [
        {
          srno: 1,
          productname: 'Generator',
          service: [{ servicename: 'Overhaul', servicedesc: '', hsn: '998714', taxrate: '18', rate: '1200', amount: '1200' }],
        },
      ],
    }),
  );
  await ok(api.save(type('taxinvoice'), 2, { date: '2026-11-20' }));
  expect((await api.post('/api/common/deletebill', { billtype: 'taxinvoice', billno: 2 })).statusCode).toBe(200);
  await ok(api.save(type('taxquotation'), 1, { date: '2026-11-15' }));
  await ok(api.save(type('taxinvoice'), 3, { date: '2026-12-01' }));
  // The plain unit: 2 x 4999.98 = 9999.96 -> 10000 (round-off 0.04); its quotation does not count.
  await ok(api.save(type('invoice'), 1, { date: '2026-11-03' }));
  await ok(api.save(type('quotation'), 1, { date: '2026-11-03' }));
}

const GST_ROWS = [
  {
    billtype: 'taxinvoice',
    billno: 1,
    date: '2026-11-05',
    clientname: 'Shree Ganesh Transport',
    gstno: MAHARASHTRA_GSTIN,
    printedno: '1',
    taxable: 2350.97,
    cgst: 188.84,
    sgst: 188.84,
    igst: 0,
    roundoff: 0.35,
    total: 2729,
  },
  {
    billtype: 'taxservice',
    billno: 1,
    date: '2026-11-10',
    clientname: 'Udupi Gensets',
    gstno: KARNATAKA_GSTIN,
    printedno: 'S/1',
    taxable: 1200,
    cgst: 0,
    sgst: 0,
    igst: 216,
    roundoff: 0,
    total: 1416,
  },
];
const GST_TOTALS = { taxable: 3550.97, cgst: 188.84, sgst: 188.84, igst: 216, roundoff: 0.35, total: 4145 };

describeEachDatabase('sales register and GSTR-1 (issue 18)', (database) => {
  const api = useApi(database);
  const register = async (unit: string, body: object) => api.post(`/api/${unit}/salesregister`, body);
  beforeAll(async () => seed(api));

  it('registers the period\'s sales bills by date, with the PDFs\' figures, and deleted bills as cancelled', async () => {
    const answer = await register('gst', NOVEMBER);
    expect(answer.statusCode).toBe(200);
    expect(jsonOf(answer)).toEqual({
      rows: GST_ROWS,
      totals: GST_TOTALS,
      cancelled: [{ billtype: 'taxinvoice', billno: 2, printedno: '2', date: '2026-11-20', clientname: 'Shree Ganesh Transport' }],
    });
  });

  it('counts bills, not quotations, in the plain unit too', async () => {
    expect(jsonOf(await register('alfadiesel', { ...NOVEMBER, format: 'json' }))).toMatchObject({
      rows: [{ billtype: 'invoice', billno: 1, taxable: 9999.96, cgst: 0, igst: 0, roundoff: 0.04, total: 10000 }],
      totals: { taxable: 9999.96, roundoff: 0.04, total: 10000 },
      cancelled: [],
    });
  });

  it('writes CSV with a byte order mark, a header row, the numbers as printed, the cancelled bills marked, a totals row and the audit chain head', async () => {
    const answer = await register('gst', { ...NOVEMBER, format: 'csv' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(answer.headers['content-disposition']).toContain('SalesRegister_gst_2026-11-01_2026-11-30.csv');
    expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = answer.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Bill Type,Bill No.,Date,Client Company Name,Client GSTIN/UIN,Taxable Value,CGST,SGST,IGST,Round Off,Total',
      `Tax Invoice Bill,1,2026-11-05,Shree Ganesh Transport,${MAHARASHTRA_GSTIN},2350.97,188.84,188.84,0.00,0.35,2729.00`,
      `Tax Service Bill,S/1,2026-11-10,Udupi Gensets,${KARNATAKA_GSTIN},1200.00,0.00,0.00,216.00,0.00,1416.00`,
      'Tax Invoice Bill (Cancelled),2,2026-11-20,Shree Ganesh Transport,,0.00,0.00,0.00,0.00,0.00,0.00',
      'Total,,,,,3550.97,188.84,188.84,216.00,0.35,4145.00',
      `Audit chain head: ${answer.headers['x-audit-head']}`,
    ]);
    expect(answer.headers['x-audit-head']).toMatch(/^\d+:[0-9a-f]{64}$/);
  });

  it('writes an Excel workbook: the register with dates and Indian money format, and the HSN summary', async () => {
    const answer = await register('gst', { ...NOVEMBER, format: 'xlsx' });
    expect(answer.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Sales Register')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Bill Type',
      'Bill No.',
      'Date',
      'Client Company Name',
      'Client GSTIN/UIN',
      'Taxable Value',
      'CGST',
      'SGST',
      'IGST',
      'Round Off',
      'Total',
    ]);
    const first = sheet.getRow(2);
    expect(first.getCell(3).value).toEqual(new Date('2026-11-05T00:00:00Z'));
    expect(first.getCell(3).numFmt).toBe('dd-mm-yyyy');
    expect(first.getCell(6).value).toBe(2350.97);
    // Lakhs and crores by condition (exceljs reads the format back without its backslashes).
    expect(first.getCell(6).numFmt).toMatch(/^\[>=10000000\].*;\[>=100000\].*;##,##0\.00$/);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect((sheet.getRow(3).values as unknown[]).slice(1, 3)).toEqual(['Tax Service Bill', 'S/1']);
    expect((sheet.getRow(4).values as unknown[]).slice(1, 3)).toEqual(['Tax Invoice Bill (Cancelled)', '2']);
    const totals = sheet.getRow(5);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.font?.bold).toBe(true);
    expect(totals.getCell(6).numFmt).toBe(first.getCell(6).numFmt);
    expect((totals.values as unknown[]).slice(6)).toEqual([3550.97, 188.84, 188.84, 216, 0.35, 4145]);
    expect(sheet.getRow(6).getCell(1).value).toBe(`Audit chain head: ${answer.headers['x-audit-head']}`);
    const hsn = workbook.getWorksheet('HSN Summary')!;
    const taxInvoice = api.registry.byType('taxinvoice')!;
    expect(hsn.getSheetValues().slice(2).map((row) => (row as unknown[]).slice(1))).toEqual([
      ['2710', 'Lube oil', uqcOf(taxInvoice, 'set'), 3.5, 5, 349.97, 0, 8.75, 8.75, 17.5],
      ['8413', 'Fuel injection pump', uqcOf(taxInvoice, 'per'), 2, 18, 2001, 0, 180.09, 180.09, 360.18],
      ['998714', 'Overhaul', 'NA', 0, 18, 1200, 216, 0, 0, 216],
    ]);
  });

  it('downloads GSTR-1 for a month in the portal\'s format', async () => {
    const answer = await api.post('/api/gst/gstr1', { fp: '112026' });
    expect(answer.statusCode).toBe(200);
    const seller = api.registry.unit('gst')!.letterhead.gstin;
    expect(answer.headers['content-disposition']).toContain(`filename="GSTR1_${seller}_112026.json"`);
    const taxInvoice = api.registry.byType('taxinvoice')!;
    expect(jsonOf(answer)).toEqual({
      gstin: seller,
      fp: '112026',
      b2b: [
        {
          ctin: MAHARASHTRA_GSTIN,
          inv: [
            {
              inum: '1',
              idt: '05-11-2026',
              val: 2729,
              pos: '27',
              rchrg: 'N',
              inv_typ: 'R',
              itms: [
                { num: 1, itm_det: { txval: 349.97, rt: 5, iamt: 0, camt: 8.75, samt: 8.75, csamt: 0 } },
                { num: 2, itm_det: { txval: 2001, rt: 18, iamt: 0, camt: 180.09, samt: 180.09, csamt: 0 } },
              ],
            },
          ],
        },
        {
          ctin: KARNATAKA_GSTIN,
          inv: [
            {
              inum: 'S/1',
              idt: '10-11-2026',
              val: 1416,
              pos: '29',
              rchrg: 'N',
              inv_typ: 'R',
              itms: [{ num: 1, itm_det: { txval: 1200, rt: 18, iamt: 216, camt: 0, samt: 0, csamt: 0 } }],
            },
          ],
        },
      ],
      b2cl: [],
      b2cs: [],
      hsn: {
        hsn_b2b: [
          { num: 1, hsn_sc: '2710', desc: 'Lube oil', uqc: uqcOf(taxInvoice, 'set'), qty: 3.5, rt: 5, txval: 349.97, iamt: 0, camt: 8.75, samt: 8.75, csamt: 0 },
          { num: 2, hsn_sc: '8413', desc: 'Fuel injection pump', uqc: uqcOf(taxInvoice, 'per'), qty: 2, rt: 18, txval: 2001, iamt: 0, camt: 180.09, samt: 180.09, csamt: 0 },
          { num: 3, hsn_sc: '998714', desc: 'Overhaul', uqc: 'NA', qty: 0, rt: 18, txval: 1200, iamt: 216, camt: 0, samt: 0, csamt: 0 },
        ],
        hsn_b2c: [],
      },
      doc_issue: {
        doc_det: [
          {
            doc_num: 1,
            doc_typ: 'Invoices for outward supply',
            docs: [
              { num: 1, from: '1', to: '2', totnum: 2, cancel: 1, net_issue: 1 },
              { num: 2, from: 'S/1', to: 'S/1', totnum: 1, cancel: 0, net_issue: 1 },
            ],
          },
        ],
      },
    });
  });

  it('covers a quarter with quarterly: true (October to December)', async () => {
    const quarter = jsonOf(await api.post('/api/gst/gstr1', { fp: '122026', quarterly: true }));
    expect(quarter.fp).toBe('122026');
    expect(quarter.b2b.flatMap((buyer: { inv: unknown[] }) => buyer.inv)).toHaveLength(3);
    expect(quarter.doc_issue.doc_det[0].docs[0]).toEqual({ num: 1, from: '1', to: '3', totnum: 3, cancel: 1, net_issue: 2 });
  });

  it('refuses bad periods and formats with a message, and has no GSTR-1 for a unit without GST sales', async () => {
    for (const [path, body] of [
      ['/api/gst/salesregister', { from: '2026-11-31', to: '2026-11-30' }],
      ['/api/gst/salesregister', { from: '2026-12-01', to: '2026-11-30' }],
      ['/api/gst/salesregister', { ...NOVEMBER, format: 'pdf' }],
      ['/api/gst/gstr1', { fp: '132026' }],
      ['/api/gst/gstr1', { fp: '112026', quarterly: true }],
      ['/api/gst/gstr1', { fp: '112026', quarterly: 'yes' }],
    ] as const) {
      const answer = await api.post(path, body);
      expect(answer.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(jsonOf(answer).msg).toMatch(/\w/);
    }
    expect((await api.post('/api/alfadiesel/gstr1', { fp: '112026' })).statusCode).toBe(404);
  });

  it('sums sales by month of the financial year for the chart', async () => {
    const { months } = jsonOf(await api.post('/api/gst/salesbymonth', { year: 2026 }));
    expect(months).toHaveLength(12);
    expect(months[0].month).toBe('2026-04');
    expect(months[7]).toEqual({ month: '2026-11', taxable: 3550.97, total: 4145 });
    expect(months[8].total).toBeGreaterThan(0);
  });

  describe('lists', () => {
    it('carry each bill\'s grand total when paged, and filter by date', async () => {
      const page = jsonOf(await api.post('/api/common/getbill', { billtype: 'taxinvoice', limit: 10 }));
      expect(page.bill.map((row: { billno: number; grandtotal: number }) => [row.billno, row.grandtotal])).toEqual([
        [3, 11800],
        [1, 2729],
      ]);
      const november = jsonOf(
        await api.post('/api/common/getbill', { billtype: 'taxinvoice', limit: 10, from: '2026-11-01', to: '2026-11-30' }),
      );
      expect(november).toMatchObject({ total: 1, bill: [{ billno: 1, grandtotal: 2729 }] });
      const plain = jsonOf(await api.post('/api/common/getbill', { billtype: 'taxinvoice' }));
      expect(plain.bill[0]).not.toHaveProperty('grandtotal');
      expect((await api.post('/api/common/getbill', { billtype: 'taxinvoice', from: '5 Nov' })).statusCode).toBe(400);
    });
  });

  it('computes the figures of bills stored before they were kept (the start-up backfill)', async () => {
    const db = api.storage.database.db;
    await db.deleteFrom('bill_tax_lines').execute();
    await db
      .updateTable('bills')
      .set({ taxable: null, cgst: null, sgst: null, igst: null, round_off: null, grand_total: null } as never)
      .execute();
    expect(await fillStoredBillFigures(api.registry, api.storage)).toBe(7);
    expect(jsonOf(await register('gst', NOVEMBER)).totals).toEqual(GST_TOTALS);
    expect(jsonOf(await api.post('/api/gst/gstr1', { fp: '112026' })).hsn.hsn_b2b).toHaveLength(3);
    expect(await fillStoredBillFigures(api.registry, api.storage)).toBe(0);
  });
});
