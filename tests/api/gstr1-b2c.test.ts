import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { createRegistry } from '../../src/engine/core';
import { ajvCompiler } from '../../src/engine/core/ajv-compile';
import { fillStoredBillFigures } from '../../src/server/bills/figures';
import { readSchemaFiles } from '../../src/server/schema-files';
import { openStorage } from '../../src/server/storage';
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
 * Sales to buyers without a GSTIN (B2C) in November 2026, hand-computed. A buyer without a GSTIN is supplied
 * within the seller's state (Maharashtra, 27), so the bills charge CGST + SGST at half the rate each.
 * - taxinvoice 1: 2 x 1000.50 = 2001.00, CGST 180.09 + SGST 180.09, 2361.18 -> 2361;
 * - taxinvoice 2: 10 x 10000 = 100000.00, CGST 9000 + SGST 9000, 118000: over ₹1,00,000 but within the state,
 *   so not b2cl (that is for inter-state supplies);
 * - taxinvoice 3: 1000 at 5%, CGST 25 + SGST 25, 1050: its own rate;
 * - taxservice S/1: 1200, CGST 108 + SGST 108, 1416;
 * - taxservice S/2: 84745.76, CGST 7627.12 (7627.1184) + SGST 7627.12, 100000.00;
 * - taxservice S/3: to a registered buyer (b2b), 1200 + CGST 108 + SGST 108 = 1416.
 * b2cs at 18%: txval 2001 + 100000 + 1200 + 84745.76 = 187946.76, CGST = SGST = 180.09 + 9000 + 108 + 7627.12 = 16915.21.
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

const B2CS_WITHIN_THE_STATE = [
  { sply_ty: 'INTRA', rt: 18, typ: 'OE', pos: '27', txval: 187946.76, camt: 16915.21, samt: 16915.21, csamt: 0 },
  { sply_ty: 'INTRA', rt: 5, typ: 'OE', pos: '27', txval: 1000, camt: 25, samt: 25, csamt: 0 },
];

describeEachDatabase('GSTR-1 of sales to unregistered buyers, and invoice numbers across series (issue 18)', (database) => {
  const api = useApi(database, registryWithOptionalGstin());
  const gstr1Of = async () => {
    const answer = await api.post('/api/gst/gstr1', { fp: '112026' });
    expect(answer.statusCode).toBe(200);
    return jsonOf(answer);
  };
  let gstr1: any;
  beforeAll(async () => {
    await seed(api);
    gstr1 = await gstr1Of();
  });

  it('sums sales to unregistered buyers in b2cs within the seller\'s state, per rate; one over ₹1,00,000 is not b2cl', () => {
    expect(gstr1.b2cl).toEqual([]);
    expect(gstr1.b2cs).toEqual(B2CS_WITHIN_THE_STATE);
    expect(gstr1.hsn.hsn_b2c.map((row: { hsn_sc: string; rt: number; txval: number }) => [row.hsn_sc, row.rt, row.txval])).toEqual([
      ['8413', 5, 1000],
      ['8413', 18, 102001],
      ['998714', 18, 85945.76],
    ]);
  });

  it('prints the seller\'s state as the place of supply and CGST + SGST on a walk-in sale\'s PDF', async () => {
    const printed = pdfText((await api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno: 1 })).rawPayload);
    expect(printed).toContain('Place of Supply: Maharashtra (27)');
    expect(printed).toMatch(/CGST @ 9%\s+180\.09/);
    expect(printed).toMatch(/SGST @ 9%\s+180\.09/);
    expect(printed).not.toContain('IGST');
  });

  it('computes again the figures of a walk-in sale stored when it was charged IGST (migration 0010), which b2cl reported till then', async () => {
    const db = api.storage.database.db;
    const large = sql`(select id from bills where type = 'taxinvoice' and billno = 2)`;
    // The sale as the old rule stored it: IGST 18,000 at the full rate, reported inter-state to "97".
    // Stored before migration 0013 too: no place of supply beside the figures.
    await sql`update bills set cgst = 0, sgst = 0, igst = 1800000, place_of_supply = null where id = ${large}`.execute(db);
    await sql`update bill_tax_lines set cgst = 0, sgst = 0, igst = 1800000 where bill_id = ${large}`.execute(db);
    const before = await gstr1Of();
    expect(before.b2cl).toEqual([
      {
        pos: '97',
        inv: [{ inum: '2', idt: '13-11-2026', val: 118000, itms: [{ num: 1, itm_det: { txval: 100000, rt: 18, iamt: 18000, csamt: 0 } }] }],
      },
    ]);

    // 0010 again, and 0013 with it (it clears every bill's figures); the others stay run (the migrator allows
    // migrations run out of order, and 0014 re-keys the bills table once).
    await sql`delete from kysely_migration where name like '0010%' or name like '0013%'`.execute(db);
    const reopened = await openStorage({ ...api.databaseOptions, registry: api.registry });
    await reopened.close();
    expect(await fillStoredBillFigures(api.registry, api.storage)).toBeGreaterThanOrEqual(1);
    const after = await gstr1Of();
    expect(after.b2cl).toEqual([]);
    expect(after.b2cs).toEqual(B2CS_WITHIN_THE_STATE);
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
