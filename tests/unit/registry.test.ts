import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRegistry, SchemaError, unitOfMeasure, validateBill, type BillType, type Schema } from '../../src/engine/core';
import { ajvCompiler } from '../../src/engine/core/ajv-compile';
import { loadRegistry, readSchemaFiles, SCHEMAS_DIR } from '../../src/server/schema-files';
import { validPayload } from '../fixtures/payloads';
import { SPEC_TYPES, specTypes } from '../fixtures/spec-types';

const NINTH = join(import.meta.dirname, '../fixtures/variants');
const registry = loadRegistry();
const files = readSchemaFiles();
const withFile = (path: string, content: unknown) => createRegistry({ ...files, [path]: content }, ajvCompiler());
const brokenBy = (path: string, edit: (copy: any) => void) => {
  const copy = structuredClone(files[path]);
  edit(copy);
  return () => withFile(path, copy);
};

describe('the eight bill types of spec 3', () => {
  it('are read from schemas/bills', () => {
    expect(specTypes(registry).map((b) => b.type).sort()).toEqual([...SPEC_TYPES].sort());
  });

  it('have the spec routes, labels and endpoints', () => {
    const rows = registry.billTypes.map((b) => `${b.unit}/${b.route} ${b.label} | ${b.menuLabel} | ${b.createPath}`);
    expect(rows).toContain('alfadiesel/invoicebill INVOICE BILL | Invoice Bill | /api/alfadiesel/createbill');
    expect(rows).toContain('alfadiesel/servicequotationbill SERVICE QUOTATION BILL | Service Quotation Bill | /api/alfadiesel/createservice');
    expect(rows).toContain('gst/taxinvoicebill TAX INVOICE BILL | Tax Invoice Bill | /api/gst/createtaxbill');
    expect(rows).toContain('gst/taxservicequotationbill TAX SERVICE QUOTATION BILL | Tax Service Quotation Bill | /api/gst/createtaxservice');
    expect(registry.byRoute('gst', 'taxservicebill')?.type).toBe('taxservice');
    // The shipped types in menu order (a maintainer's type added to schemas/ may share the endpoint).
    const shipped = ['taxinvoice', 'taxquotation', 'b2cinvoice', 'creditnote', 'debitnote'];
    const sharing = registry.typesForEndpoint('gst', 'createtaxbill').map((b) => b.type);
    expect(sharing.filter((type) => shipped.includes(type))).toEqual(shipped);
    expect(sharing.every((type) => registry.byType(type)!.createPath === '/api/gst/createtaxbill')).toBe(true);
  });

  it('list the units in menu order', () => {
    const spec = new Set(specTypes(registry));
    const menu = registry.menu()
      .map((group) => [group.unit.slug, group.billTypes.filter((b) => spec.has(b)).map((b) => b.menuLabel)])
      .filter(([, labels]) => labels.length > 0);
    expect(menu).toEqual([
      ['alfadiesel', ['Invoice Bill', 'Quotation Bill', 'Service Bill', 'Service Quotation Bill']],
      ['gst', ['Tax Invoice Bill', 'Tax Quotation Bill', 'Tax Service Bill', 'Tax Service Quotation Bill']],
    ]);
  });

  it('convert quotations as spec 4 says', () => {
    const conversions = specTypes(registry).filter((b) => b.convertsTo).map((b) => `${b.type}->${b.convertsTo}`);
    expect(conversions.sort()).toEqual(['quotation->invoice', 'servicequotation->service', 'taxquotation->taxinvoice', 'taxservicequotation->taxservice']);
  });

  it('carry the success texts of spec 2', () => {
    const saved = 'Your bill have been saved successfully, and the corresponding PDF has been generated and downloaded to your local device.';
    const taxGoods = 'Your Bill has been saved and your PDF has been generated. Please click on below button to preview your Bill.';
    for (const b of specTypes(registry)) expect(b.successMessage).toBe(b.tax && b.lines === 'goods' ? taxGoods : saved);
  });

  it('give tax bills the ten tax header fields of spec 3', () => {
    const taxFields = ['gstno', 'deliverynote', 'termsofpayment', 'buyerorderno', 'dated', 'dispatecheddocno', 'deliverynotedate', 'dispatchedthrough', 'destination', 'termsofdelivery'];
    for (const b of specTypes(registry)) {
      const names = b.header.map((f) => f.name);
      expect(names.filter((n) => taxFields.includes(n))).toEqual(b.tax ? taxFields : []);
    }
  });
});

describe('units of measure', () => {
  it('read the Per options: the unit the PDF prints and the GST UQC, pair submitting per', () => {
    // Goods lines with a quantity (a receipt voucher's lines have none, so no unit either).
    const withQuantity = (type: BillType) => type.rowsField.rows!.fields.some((field) => field.productOf);
    for (const b of registry.billTypes.filter((type) => type.lines === 'goods' && withQuantity(type))) {
      const per = b.rowsField.rows!.fields.find((field) => field.unitsOfMeasure)!;
      // The spec's four on every goods type; GST goods lines add units a return understands (issue 26).
      const gstUnits = b.tax ? ['Pcs', 'Ltr', 'Kg', 'Mtr', 'Box'] : [];
      expect(per.options!.map((option) => option.label)).toEqual(['no', 'per', 'pair', 'set', ...gstUnits]);
      expect(per.unitsOfMeasure).toEqual({
        no: { unit: 'Nos', uqc: 'NOS' },
        per: { unit: 'Per', uqc: 'OTH' },
        set: { unit: 'Set', uqc: 'SET' },
        ...(b.tax
          ? {
              pcs: { unit: 'Pcs', uqc: 'PCS' },
              ltr: { unit: 'Ltr', uqc: 'LTR' },
              kg: { unit: 'Kg', uqc: 'KGS' },
              mtr: { unit: 'Mtr', uqc: 'MTR' },
              box: { unit: 'Box', uqc: 'BOX' },
            }
          : {}),
      });
      expect(unitOfMeasure(per, 'no')).toEqual({ unit: 'Nos', uqc: 'NOS' });
      expect(unitOfMeasure(per, 'gallon')).toBeUndefined();
    }
  });

  it('are declared on no other field', () => {
    const declaring = registry.billTypes.flatMap((b) => [...b.root.fields, ...b.rowsField.rows!.fields].filter((f) => f.unitsOfMeasure).map((f) => f.name));
    expect(new Set(declaring)).toEqual(new Set(['per']));
  });
});

describe('meta-schema', () => {
  it('every bill file satisfies it', () => {
    const validate = ajvCompiler()('meta', files['meta/bill.schema.json'] as Schema);
    for (const b of registry.billTypes) expect(validate(files[b.file]), b.file).toBe(true);
  });

  it.each([
    ['a line shape that does not match the rows', brokenBy('bills/service.json', (c) => (c['x-bill'].lines = 'goods')), /schemas\/bills\/service\.json: x-bill.lines is "goods" but the rows hold a nested list/],
    ['an unknown unit', brokenBy('bills/invoice.json', (c) => (c['x-bill'].unit = 'nowhere')), /schemas\/bills\/invoice\.json: x-bill.unit "nowhere" is not a unit/],
    ['a dangling $ref', brokenBy('bills/invoice.json', (c) => c.allOf.push({ $ref: '../parts/missing.json' })), /schemas\/bills\/invoice\.json: \$ref "..\/parts\/missing.json" names a file that does not exist/],
    ['a Per option without a unit', brokenBy('parts/goods-line.json', (c) => delete c.properties.per['x-options'][3].unit), /per: option "set" needs a unit and a three-letter uqc/],
    ['a UQC that is not a code', brokenBy('parts/goods-line.json', (c) => (c.properties.per['x-options'][0].uqc = 'numbers')), /schemas\/parts\/goods-line\.json: field `per`: `x-options\[0\]\.uqc` must match pattern/],
    ['two Per options submitting one value as different units', brokenBy('parts/goods-line.json', (c) => (c.properties.per['x-options'][2].uqc = 'PRS')), /per: options submitting "per" declare different units/],
    ['a broken unit letterhead', brokenBy('units.json', (c) => delete c.units[0].letterhead.gstin), /schemas\/units\.json: `units\[0\]\.letterhead` lacks the required key `gstin`/],
  ])('rejects %s with a message naming the file (more in schema-mistakes.test.ts)', (_, build, message) => {
    expect(build).toThrow(SchemaError);
    expect(build).toThrow(message);
  });

  it('rejects a file that is not JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
    try {
      cpSync(SCHEMAS_DIR, dir, { recursive: true });
      writeFileSync(join(dir, 'bills/invoice.json'), '{ "title": ');
      expect(() => loadRegistry(dir)).toThrow(/schemas\/bills\/invoice\.json: is not valid JSON/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});

describe('a ninth bill type', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true }));

  it('appears in the registry from its schema file alone', () => {
    dir = mkdtempSync(join(tmpdir(), 'schemas-'));
    cpSync(SCHEMAS_DIR, dir, { recursive: true });
    cpSync(NINTH, dir, { recursive: true });
    const nine = loadRegistry(dir);

    expect(nine.billTypes.map((b) => b.type)).toEqual(expect.arrayContaining([...SPEC_TYPES, 'deliverychallan']));
    const challan = nine.byRoute('alfadiesel', 'deliverychallan')!;
    expect(challan.type).toBe('deliverychallan');
    expect(challan.createPath).toBe('/api/alfadiesel/createbill');
    expect(nine.menu()[0].billTypes.map((b) => b.menuLabel)).toContain('Delivery Challan');
    expect(validateBill(nine, challan, validPayload(challan))).toEqual({ ok: true });
    expect(validateBill(nine, challan, validPayload(challan, 1, { clientname: ' ' }))).toEqual({
      ok: false,
      msg: 'Please provide your client company name.',
    });
  });
});

describe('a registry of files checked already (the browser, the PDF workers)', () => {
  it('reads the same units, catalogs, clients and bill types as a checked one', () => {
    const readOnly = createRegistry(files, ajvCompiler(), { checked: true });
    const shape = (r: typeof registry) => JSON.parse(JSON.stringify({ units: r.units, catalogs: r.catalogs, clients: r.clients, billTypes: r.billTypes }));
    expect(shape(readOnly)).toEqual(shape(registry));
    expect(readOnly.menu().map((group) => group.billTypes.map((b) => b.type))).toEqual(registry.menu().map((group) => group.billTypes.map((b) => b.type)));
  });

  it('skips only the checks: a keyword typo the full registry refuses is not looked for', () => {
    const line = structuredClone(files['parts/goods-line.json']) as { properties: Record<string, Record<string, unknown>> };
    line.properties.qty['x-widgt'] = 'number';
    const misspelt = { ...files, 'parts/goods-line.json': line };
    expect(() => createRegistry(misspelt, ajvCompiler())).toThrow(/did you mean `x-widget`/);
    expect(() => createRegistry(misspelt, ajvCompiler(), { checked: true })).not.toThrow();
  });
});
