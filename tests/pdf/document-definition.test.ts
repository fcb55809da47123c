import { describe, expect, it } from 'vitest';
import type { BillType, FieldSpec, Row } from '../../src/engine/core';
import { billDocument } from '../../src/pdf';
import type { Content, ContentNode } from '../../src/pdf/doc-types';
import { loadRegistry } from '../../src/server/schema-files';
import { fixtureBill, longGoodsBill } from '../fixtures/bills/long-bill';
import { goodsColumns, SPEC_TAX_GOODS_COLUMNS } from './pdf-tools';

const registry = loadRegistry();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** Every table in the content, depth first. */
function tables(node: Content | undefined, found: ContentNode[] = []): ContentNode[] {
  if (Array.isArray(node)) node.forEach((child) => tables(child, found));
  else if (node && typeof node === 'object') {
    if (node.table) {
      found.push(node);
      node.table.body.forEach((row) => tables(row, found));
    }
    tables(node.stack, found);
    tables(node.columns, found);
  }
  return found;
}

const cellText = (cell: Content) => (typeof cell === 'object' && !Array.isArray(cell) ? cell.text : cell);
/** The column of a line field in the goods table (the Sr. No. first, then the fields in x-order). */
const columnOf = (billType: BillType, name: string) => billType.rowsField.rows!.fields.findIndex((field) => field.name === name);
const lineTable = (content: Content[]) => tables(content).find((node) => node.table?.headerRows === 1)!;

describe('billDocument (pure)', () => {
  it.each(registry.billTypes.map((billType) => billType.type))(
    '%s: A4 portrait, numbered pages, from a frozen bill',
    (type) => {
      const billType = registry.byType(type)!;
      const bill = deepFreeze(fixtureBill(type));
      const definition = billDocument(billType, bill);
      expect(definition.pageSize).toBe('A4');
      expect(definition.pageOrientation).toBe('portrait');
      expect(JSON.stringify(definition.footer(2, 7))).toContain('Page 2 of 7');
      const firstHeader = JSON.stringify(definition.header?.(1, 7));
      if (billType.pdf.copyLabels.length) expect(firstHeader).toContain(billType.pdf.copyLabels[0]);
      else expect(firstHeader).toBe('""');
      expect(JSON.stringify(definition.header?.(2, 7))).toContain('(continued)');
      expect(JSON.stringify(billDocument(billType, bill))).toBe(JSON.stringify(definition));
    },
  );

  it('without a saved profile names no file, URL, image or link, so nothing but the fonts is ever read', () => {
    for (const billType of registry.billTypes) {
      const text = JSON.stringify(billDocument(billType, fixtureBill(billType.type)));
      expect(text).not.toMatch(/"(image|svg|url|link|attachment|files|qr)"\s*:/);
    }
  });

  it('heads the goods table with the schema titles and repeats the header on every page', () => {
    const table = lineTable(billDocument(registry.byType('taxinvoice')!, longGoodsBill(30)).content).table!;
    expect(table.headerRows).toBe(1);
    expect(table.dontBreakRows).toBe(true);
    const headers = table.body[0].map(cellText);
    expect(headers).toEqual(goodsColumns(registry.byType('taxinvoice')!));
    expect(headers.filter((title) => SPEC_TAX_GOODS_COLUMNS.includes(String(title)))).toEqual(SPEC_TAX_GOODS_COLUMNS);
    expect(table.body).toHaveLength(31);
  });

  it('lays out a service bill as product headings with their services beneath', () => {
    const table = lineTable(billDocument(registry.byType('taxservice')!, fixtureBill('taxservice')).content).table!;
    expect(table.body[0].map(cellText)).toEqual([
      'Sr. No.',
      'Service',
      'Description',
      'SAC/HSN',
      'GST Rate',
      'Rate',
      'Amount',
    ]);
    const rows = table.body.slice(1);
    expect(rows.map((row) => cellText(row[0]))).toEqual(['1', '', '', '2', '']);
    expect(rows[0][1]).toMatchObject({ text: 'Ashok Leyland 1612 Truck (MH-04-AB-1234)', colSpan: 6 });
    expect(rows[1].map(cellText)).toEqual([
      '',
      'Engine Overhaul',
      expect.stringContaining('decarbonising'),
      '998714',
      '18%',
      '18,000.00',
      '18,000.00',
    ]);
    expect(rows[1].slice(4).map((cell) => (cell as ContentNode).alignment)).toEqual(['right', 'right', 'right']);
  });

  it('prints every Rate with 2 decimals (x-decimals), more when typed, beside its Amount', () => {
    const billType = registry.byType('taxinvoice')!;
    const bill = fixtureBill('taxinvoice');
    const [first] = bill.product as Row[];
    const product = ['2340', '1850.5', '20.125'].map((rate, i) => ({ ...first, srno: i + 1, qty: '1', rate, amount: rate }));
    const rows = lineTable(billDocument(billType, { ...bill, product }).content).table!.body.slice(1);
    const rateColumn = columnOf(billType, 'rate');
    expect(rows.map((row) => cellText(row[rateColumn]))).toEqual(['2,340.00', '1,850.50', '20.125']);
    const qtyColumn = columnOf(billType, 'qty');
    expect(rows.map((row) => cellText(row[qtyColumn]))).toEqual(['1', '1', '1']);
  });

  it('follows the schema: a new title, number label and column title need no code', () => {
    const base = registry.byType('invoice')!;
    const renamed = (field: FieldSpec): FieldSpec =>
      field.name === 'goods' ? { ...field, pdfTitle: 'Particulars' } : field;
    const rows = base.rowsField.rows!;
    const challan: BillType = {
      ...base,
      pdf: { title: 'DELIVERY CHALLAN', numberLabel: 'Challan No.', documentName: 'Challan', payment: false, copyLabels: [] },
      rowsField: { ...base.rowsField, rows: { ...rows, fields: rows.fields.map(renamed) } },
    };
    const definition = billDocument(challan, fixtureBill('invoice'));
    const text = JSON.stringify(definition.content);
    expect(text).toContain('"DELIVERY CHALLAN"');
    expect(text).toContain('"Challan No."');
    expect(cellText(lineTable(definition.content).table!.body[0][1])).toBe('Particulars');
  });
});
