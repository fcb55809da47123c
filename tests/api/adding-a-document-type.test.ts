import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { generateFromDir } from '../../scripts/generate';
import { loadRegistry, SCHEMAS_DIR } from '../../src/server/schema-files';
import { pdfText, squash } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

/**
 * docs/adding-a-document-type.md, done as a maintainer does it: a copy of schemas/ with the proforma invoice's two
 * files (tests/fixtures/proforma) added, then `npm run gen`'s check, the registry, the API and the PDF over it.
 */
const PROFORMA_FILES = join(import.meta.dirname, '../fixtures/proforma');
const dir = mkdtempSync(join(tmpdir(), 'schemas-proforma-'));
cpSync(SCHEMAS_DIR, dir, { recursive: true });
cpSync(PROFORMA_FILES, dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true }));

const BUYER = { clientname: 'Shree Ganesh Transport', clientaddress: 'Plot 7, MIDC, Taloja, Navi Mumbai 410208', gstno: '27AAPFU0939F1ZV' };
/** 2 no x 4,250.00 = 8,500.00 at 18%, within Maharashtra: CGST 765 + SGST 765 = 10,030.00. */
const LINE = { srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty: '2', rate: '4250', per: 'no', amount: '8500.00' };
const proforma = (billno: number, overrides: Record<string, unknown> = {}) => ({
  method: 'create', type: 'proformainvoice', invoiceno: billno, date: '2026-11-20', ...BUYER, vehicleno: 'MH 46 AB 1234', product: [LINE], ...overrides,
});

it('passes npm run gen and generates its payload type with the new field', async () => {
  const generated = await generateFromDir(dir);
  expect(generated['src/generated/bill-types.ts']).toMatch(/export interface ProformaInvoiceBill \{[^}]*vehicleno: string;/s);
  expect(Object.keys(generated)).toContain('src/generated/validators/proformainvoice.js');
});

describeEachDatabase('a proforma invoice added as two schema files', (database) => {
  const api = useApi(database, loadRegistry(dir));

  it('is in the registry: its menu entry, its Vehicle No. among the bill details, its conversion to a tax invoice', () => {
    const billType = api.registry.byType('proformainvoice')!;
    expect(api.registry.menu().find((group) => group.unit.slug === 'gst')!.billTypes.at(-1)!.menuLabel).toBe('Proforma Invoice');
    expect(billType.header.find((field) => field.name === 'vehicleno')).toMatchObject({ title: 'Vehicle No.', block: 'details', required: true });
    expect(billType).toMatchObject({ kind: 'nonSale', countsAsSales: false, createPath: '/api/gst/createtaxbill' });
    expect(billType.convert).toEqual({
      button: 'Convert To Invoice And Create PDF',
      title: 'Convert to TAX INVOICE',
      text: 'Are you sure? You want to convert your Proforma Invoice to Invoice?',
    });
  });

  it('refuses it without a vehicle number, in the field\'s own words, and stores nothing', async () => {
    const refused = await api.post('/api/gst/createtaxbill', proforma(1, { vehicleno: '  ' }));
    expect(refused.statusCode).toBe(400);
    expect(jsonOf(refused)).toEqual({ msg: 'Please provide the vehicle no.' });
    expect(jsonOf(await api.post('/api/common/getbill', { billtype: 'proformainvoice' })).bill).toEqual([]);
  });

  it('saves it, prints its title, number, vehicle and own words, and reports it nowhere', async () => {
    const saved = await api.post('/api/gst/createtaxbill', proforma(1));
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    expect(saved.headers['content-type']).toBe('application/pdf');
    const text = squash(pdfText(saved.rawPayload, 'flow'));
    for (const words of ['PROFORMA INVOICE', 'Proforma No.', 'PI/1', 'Vehicle No.', 'MH 46 AB 1234', 'Amount Payable (in words)', '₹ 10,030.00']) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain('Amount Chargeable');
    const { bill } = jsonOf(await api.post('/api/gst/getbill', { billtype: 'proformainvoice', billno: 1 }));
    expect(bill).toMatchObject({ vehicleno: 'MH 46 AB 1234', clientname: BUYER.clientname });
    const register = jsonOf(await api.post('/api/gst/salesregister', { from: '2026-11-01', to: '2026-11-30' }));
    expect(register.rows).toEqual([]);
  });
});
