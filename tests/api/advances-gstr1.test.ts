import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';
import { overhaul, voucher } from './advances';

const APRIL = { fp: '042026' };

/**
 * Worked out by hand, the seller in Maharashtra (27):
 * - RV/1 (10-04-2026): ₹11,800 including tax for a service (SAC 9987) at 18 % within the state: 10,000.00 +
 *   CGST 900.00 + SGST 900.00. GSTR-1 April `at`: pos 27, INTRA, rt 18, ad_amt 10,000, camt 900, samt 900.
 * - RV/2 (12-04-2026): ₹5,000 for goods (HSN 8413): no tax on an advance for goods, so nothing in `at`.
 * - RV/3 (14-04-2026): ₹2,000 excluding tax for a service at 18 % to Karnataka (29):
 *   IGST 360.00, total 2,360.00. `at`: pos 29, INTER, rt 18, ad_amt 2,000, iamt 360.
 */
describeEachDatabase('advances in GSTR-1 (Table 11A) and the register', (database) => {
  const api = useApi(database);

  it('reports a taxed advance in `at` per place of supply and rate, and no advance for goods', async () => {
    expect((await api.post('/api/gst/createtaxbill', voucher(1))).statusCode).toBe(200);
    expect((await api.post('/api/gst/createtaxbill', voucher(2, { date: '2026-04-12', product: overhaul('5000', '8413') }))).statusCode).toBe(200);
    const karnataka = voucher(3, { date: '2026-04-14', placeofsupply: '29', amounts: 'exclude', product: overhaul('2000') });
    expect((await api.post('/api/gst/createtaxbill', karnataka)).statusCode).toBe(200);

    const april = jsonOf(await api.post('/api/gst/gstr1', APRIL));
    expect(april.at).toEqual([
      { pos: '27', sply_ty: 'INTRA', itms: [{ rt: 18, ad_amt: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 }] },
      { pos: '29', sply_ty: 'INTER', itms: [{ rt: 18, ad_amt: 2000, iamt: 360, camt: 0, samt: 0, csamt: 0 }] },
    ]);
    expect(april.b2b).toEqual([]);
    expect(april.doc_issue.doc_det).toEqual([
      { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [] },
      { doc_num: 6, doc_typ: 'Receipt voucher', docs: [{ num: 1, from: 'RV/1', to: 'RV/3', totnum: 3, cancel: 0, net_issue: 3 }] },
    ]);
    const may = jsonOf(await api.post('/api/gst/gstr1', { fp: '052026' }));
    expect(may.at).toBeUndefined();
  });

  it('lists receipt vouchers in a section and a sheet of their own, not among the sales', async () => {
    const period = { from: '2026-04-01', to: '2026-04-30' };
    const json = jsonOf(await api.post('/api/gst/salesregister', period));
    expect(json.rows).toEqual([]);

    const csv = (await api.post('/api/gst/salesregister', { ...period, format: 'csv' })).body.split('\r\n');
    const section = csv.indexOf('Receipt Vouchers');
    expect(section).toBeGreaterThan(1);
    expect(csv.slice(section + 1, section + 5)).toEqual([
      'Receipt Voucher,RV/1,2026-04-10,Shree Ganesh Transport,27AAPFU0939F1ZV,10000.00,900.00,900.00,0.00,0.00,11800.00',
      'Receipt Voucher,RV/2,2026-04-12,Shree Ganesh Transport,27AAPFU0939F1ZV,5000.00,0.00,0.00,0.00,0.00,5000.00',
      'Receipt Voucher,RV/3,2026-04-14,Shree Ganesh Transport,27AAPFU0939F1ZV,2000.00,0.00,0.00,360.00,0.00,2360.00',
      'Total,,,,,17000.00,900.00,900.00,360.00,0.00,19160.00',
    ]);

    const xlsx = await api.post('/api/gst/salesregister', { ...period, format: 'xlsx' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sales = workbook.getWorksheet('Sales Register')!;
    expect(sales.getColumn(2).values.filter((v) => String(v).startsWith('RV/'))).toEqual([]);
    const receipts = workbook.getWorksheet('Receipt Vouchers')!;
    expect(receipts.getColumn(2).values.slice(2)).toEqual(['RV/1', 'RV/2', 'RV/3']);
    expect(receipts.getRow(5).values).toEqual([undefined, 'Total', undefined, undefined, undefined, undefined, 17000, 900, 900, 360, 0, 19160]);
  });
});
