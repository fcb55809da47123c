import { parseDecimal, round2, ZERO, type Money } from '../../engine/core/money';
import { serialList } from '../catalogs/stock-entry';
import type { Purchase, PurchaseLine } from './stock-api';

/** A line of the New purchase form as typed: figures as text, serial numbers as one text. */
export interface PurchaseLineInputs {
  product: string;
  qty: string;
  rate: string;
  taxrate: string;
  /** Typed over the computed tax (the supplier's bill rounds its own way); '' follows qty x rate x GST %. */
  tax: string;
  serials: string;
}

export const EMPTY_LINE: PurchaseLineInputs = { product: '', qty: '', rate: '', taxrate: '', tax: '', serials: '' };

const money = (value: Money | null) => (value ? round2(value).toFixed(2) : '');

/** qty x rate, rounded to the paisa; '' until both are numbers. */
export function taxableOf(line: PurchaseLineInputs): string {
  const qty = parseDecimal(line.qty);
  const rate = parseDecimal(line.rate);
  return money(qty && rate && qty.times(rate));
}

/** The tax of a line: as typed, else qty x rate x GST % / 100 rounded to the paisa. */
export function taxOf(line: PurchaseLineInputs): string {
  if (line.tax.trim() !== '') return line.tax.trim();
  const taxable = parseDecimal(taxableOf(line));
  const percent = parseDecimal(line.taxrate);
  return money(taxable && percent && taxable.times(percent).div(100));
}

/** The purchase's taxable value, tax and total, each added in paise. */
export function purchaseTotals(lines: readonly PurchaseLineInputs[]): { taxable: string; tax: string; total: string } {
  const add = (pick: (line: PurchaseLineInputs) => string) => lines.reduce((sum, line) => sum.plus(parseDecimal(pick(line)) ?? 0), ZERO);
  const taxable = add(taxableOf);
  const tax = add(taxOf);
  return { taxable: taxable.toFixed(2), tax: tax.toFixed(2), total: taxable.plus(tax).toFixed(2) };
}

/** The body of savepurchase: lines left blank are dropped; a serialised product's line names its pieces. */
export function purchaseBody(header: Omit<Purchase, 'lines'>, lines: readonly PurchaseLineInputs[], serialised: (product: string) => boolean): Purchase {
  const filled = lines.filter((line) => line.product.trim() !== '' || line.qty.trim() !== '' || line.rate.trim() !== '');
  return {
    ...header,
    lines: filled.map((line): PurchaseLine => {
      const product = line.product.trim();
      const tax = taxOf(line);
      return {
        product,
        qty: line.qty.trim(),
        rate: line.rate.trim(),
        taxrate: line.taxrate.trim(),
        ...(tax && { tax }),
        ...(serialised(product) && { serials: serialList(line.serials) }),
      };
    }),
  };
}
