import { beforeAll, expect, it } from 'vitest';
import { createRegistry } from '../../src/engine/core';
import { ajvCompiler } from '../../src/engine/core/ajv-compile';
import { readSchemaFiles } from '../../src/server/schema-files';
import { pdfText } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api } from './harness';

const MAHARASHTRA_GSTIN = '27AAPFU0939F1ZV';

/**
 * The shipped tax bills require the buyer's GSTIN (spec 5), so every GST sale is B2B. A business that also
 * sells to unregistered buyers makes it optional in parts/client-gstin.json alone: that registry is used here.
 */
function registryWithOptionalGstin() {
  const files = readSchemaFiles();
  const gstin = structuredClone(files['parts/client-gstin.json']) as { required?: string[] };
  delete gstin.required;
  return createRegistry({ ...files, 'parts/client-gstin.json': gstin }, ajvCompiler());
}

/** A goods line (qty x rate) of a tax invoice. */
const goods = (qty: string, rate: string, amount: string, taxrate = '18') => ({
  srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate, qty, rate, per: 'per', amount,
});
/** One service of a tax service bill. */
const service = (amount: string) => ({
  srno: 1,
  productname: 'Generator',
  service: [{ servicename: 'Overhaul', servicedesc: '', hsn: '998714', taxrate: '18', rate: amount, amount }],
});

/**
 * Sales to buyers without a GSTIN (B2C) in November 2026, hand-computed. A buyer without a GSTIN names no
 * state, so the bills charge IGST (as their PDFs print) and GSTR-1 reports them inter-state to "97".
 * - taxinvoice 1: 2 x 1000.50 = 2001.00, IGST 360.18, 2361.18 -> 2361: small (b2cs);
 * - taxinvoice 2: 10 x 10000 = 100000.00, IGST 18000, 118000: over ₹1,00,000 (b2cl);
 * - taxinvoice 3: 1000 at 5%, IGST 50, 1050: small, its own rate;
 * - taxservice S/1: 1200, IGST 216, 1416: small;
 * - taxservice S/2: 84745.76, IGST 15254.24 (15254.2368), exactly 1,00,000.00: not over the limit (b2cs);
 * - taxservice S/3: to a registered buyer (b2b), 1200 + CGST 108 + SGST 108 = 1416.
 * b2cs at 18%: txval 2001 + 1200 + 84745.76 = 87946.76, IGST 360.18 + 216 + 15254.24 = 15830.42.
 */
async function seed(api: Api) {
  const type = (name: string) => api.registry.byType(name)!;
  const ok = async (promise: ReturnType<Api['save']>) => {
    const answer = await promise;
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  };
  const b2c = { date: '2026-11-12', gstno: undefined, clientname: 'Walk-in Customer' };
  await ok(api.save(type('taxinvoice'), 1, { ...b2c, product: [goods('2', '1000.50', '2001.00')] }));
  await ok(api.save(type('taxinvoice'), 2, { ...b2c, date: '2026-11-13', product: [goods('10', '10000', '100000.00')] }));
  await ok(api.save(type('taxinvoice'), 3, { ...b2c, product: [goods('1', '1000', '1000.00', '5')] }));
  await ok(api.save(type('taxservice'), 1, { ...b2c, product: [service('1200')] }));
  await ok(api.save(type('taxservice'), 2, { ...b2c, product: [service('84745.76')] }));
  await ok(api.save(type('taxservice'), 3, { date: '2026-11-14', gstno: MAHARASHTRA_GSTIN, product: [service('1200')] }));
}

describeEachDatabase('GSTR-1 of sales to unregistered buyers, and invoice numbers across series (issue 18)', (database) => {
  const api = useApi(database, registryWithOptionalGstin());
  let gstr1: any;
  beforeAll(async () => {
    await seed(api);
    const answer = await api.post('/api/gst/gstr1', { fp: '112026' });
    expect(answer.statusCode).toBe(200);
    gstr1 = jsonOf(answer);
  });

  it('reports a B2C invoice over ₹1,00,000 one by one in b2cl, by place of supply, IGST only', () => {
    expect(gstr1.b2cl).toEqual([
      {
        pos: '97',
        inv: [{ inum: '2', idt: '13-11-2026', val: 118000, itms: [{ num: 1, itm_det: { txval: 100000, rt: 18, iamt: 18000, csamt: 0 } }] }],
      },
    ]);
  });

  it('sums the other B2C invoices in b2cs per supply type, place of supply and rate (₹1,00,000 exactly is not over)', () => {
    expect(gstr1.b2cs).toEqual([
      { sply_ty: 'INTER', rt: 18, typ: 'OE', pos: '97', txval: 87946.76, iamt: 15830.42, csamt: 0 },
      { sply_ty: 'INTER', rt: 5, typ: 'OE', pos: '97', txval: 1000, iamt: 50, csamt: 0 },
    ]);
    expect(gstr1.hsn.hsn_b2c.map((row: { hsn_sc: string; rt: number; txval: number }) => [row.hsn_sc, row.rt, row.txval])).toEqual([
      ['8413', 5, 1000],
      ['8413', 18, 102001],
      ['998714', 18, 85945.76],
    ]);
  });

  it('numbers each invoice as printed: the service series carries its prefix, so no inum repeats across series', async () => {
    expect(gstr1.b2b).toEqual([
      expect.objectContaining({ ctin: MAHARASHTRA_GSTIN, inv: [expect.objectContaining({ inum: 'S/3', val: 1416 })] }),
    ]);
    expect(gstr1.doc_issue.doc_det[0].docs).toEqual([
      { num: 1, from: '1', to: '3', totnum: 3, cancel: 0, net_issue: 3 },
      { num: 2, from: 'S/1', to: 'S/3', totnum: 3, cancel: 0, net_issue: 3 },
    ]);
    // The customer's copy prints the same number: in the reference grid and the running footer.
    const printed = pdfText((await api.post('/api/common/showpdf', { billtype: 'taxservice', billno: 3 })).rawPayload);
    expect(printed).toMatch(/\sS\/3\s+14-11-2026\n/);
    expect(printed).toContain('Invoice No. S/3');
    expect(printed).not.toMatch(/Invoice No\. 3\b/);
  });
});
