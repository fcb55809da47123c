import { lineAmount } from '../../engine/core/money';

/** A line of the contract's form: what each cycle bills, whatever its bill type's line shape. */
export interface FormLine {
  name: string;
  detail: string;
  qty: string;
  rate: string;
  hsn: string;
  taxrate: string;
}

export const EMPTY_LINE: FormLine = { name: '', detail: '', qty: '1', rate: '', hsn: '', taxrate: '18' };

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * The form's lines as the bill type's rows (x-bill.lines): a goods line each, or a product with one service each.
 * Amounts are worked out as the bill screens do (qty × rate, rounded to the paisa).
 */
export function rowsOfLines(lines: readonly FormLine[], shape: 'goods' | 'service', tax: boolean): Row[] {
  const taxFields = (line: FormLine) => (tax ? { hsn: line.hsn.trim(), taxrate: line.taxrate.trim() } : {});
  return lines.map((line, index) =>
    shape === 'goods'
      ? { srno: index + 1, goods: line.name.trim(), qty: line.qty.trim(), rate: line.rate.trim(), per: 'no', amount: lineAmount(line.qty, line.rate), ...taxFields(line) }
      : {
          srno: index + 1,
          productname: line.name.trim(),
          service: [{ servicename: line.detail.trim(), servicedesc: '', rate: line.rate.trim(), amount: lineAmount('1', line.rate), ...taxFields(line) }],
        },
  );
}

/** A saved contract's rows back as form lines (a product's every service a line of its own). */
export function linesOfRows(rows: unknown): FormLine[] {
  if (!Array.isArray(rows) || rows.length === 0) return [{ ...EMPTY_LINE }];
  return (rows as Row[]).flatMap((row) => {
    if (!Array.isArray(row.service)) {
      return [{ name: text(row.goods), detail: '', qty: text(row.qty), rate: text(row.rate), hsn: text(row.hsn), taxrate: text(row.taxrate) }];
    }
    return (row.service as Row[]).map((service) => ({
      name: text(row.productname),
      detail: text(service.servicename),
      qty: '1',
      rate: text(service.rate),
      hsn: text(service.hsn),
      taxrate: text(service.taxrate),
    }));
  });
}
