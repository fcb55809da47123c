import { fromPaise, taxOn, toDecimal, toPaise, paiseToNumber } from '../../engine/core';
import type { AdvanceSettlementRow } from '../storage/advances';
import type { InvoiceRateRow } from '../storage/sales-reports';

/**
 * The portal's place of supply ("Other Territory") of an advance whose voucher names none: the advance rules
 * (advance-tax.ts) tax it as inter-state, so it is reported as such.
 */
const NO_PLACE_OF_SUPPLY = '97';

/**
 * Money of an advance settled on a day (whole paise, tax included, as the voucher's total counts it): adjusted
 * against an invoice or refunded (storage/advances.ts).
 */
export type AdvanceSettlement = AdvanceSettlementRow;

/** One rate of one advance, scaled to a share of it: `share` paise of the voucher's `grandTotal`. */
interface AdvanceShare {
  row: InvoiceRateRow;
  share: number;
}

/**
 * GSTR-1 `at` / `txpd` (Tables 11A and 11B): one object per place of supply, one item per rate, only taxed rates;
 * ad_amt is the value before tax of the share, its tax the core's taxOn of that value.
 */
export function advanceTable(shares: AdvanceShare[], sellerState: string) {
  const places = new Map<string, Map<string, { ad_amt: number; iamt: number; camt: number; samt: number }>>();
  for (const { row, share } of shares) {
    if (toDecimal(row.rate).lte(0) || share <= 0 || row.grandTotal <= 0) continue;
    const pos = row.placeOfSupply || NO_PLACE_OF_SUPPLY;
    const value = share === row.grandTotal ? fromPaise(row.taxable) : fromPaise(row.taxable).times(share).div(row.grandTotal).round(2);
    const tax = taxOn(value, toDecimal(row.rate), pos === sellerState);
    const rates = places.get(pos) ?? new Map();
    const item = rates.get(row.rate) ?? { ad_amt: 0, iamt: 0, camt: 0, samt: 0 };
    item.ad_amt += toPaise(value);
    item.iamt += toPaise(tax.integrated);
    item.camt += toPaise(tax.central);
    item.samt += toPaise(tax.state);
    rates.set(row.rate, item);
    places.set(pos, rates);
  }
  return [...places.entries()].map(([pos, rates]) => ({
    pos,
    sply_ty: pos === sellerState ? 'INTRA' : 'INTER',
    itms: [...rates.entries()]
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([rt, item]) => ({
        rt: Number(rt),
        ad_amt: paiseToNumber(item.ad_amt),
        iamt: paiseToNumber(item.iamt),
        camt: paiseToNumber(item.camt),
        samt: paiseToNumber(item.samt),
        csamt: 0,
      })),
  }));
}

const settledBy = (settlements: AdvanceSettlement[]) => {
  const sums = new Map<number, number>();
  for (const s of settlements) sums.set(s.advanceId, (sums.get(s.advanceId) ?? 0) + s.amount);
  return sums;
};

/**
 * `at`: the advances received in the period, less what of each was adjusted or refunded in the same period (an
 * advance invoiced in its own month is the invoice's to report). Only settlements dated in the period count, so a
 * filed month's `at` never changes when its advances are adjusted later.
 */
export function advancesReceived(received: InvoiceRateRow[], settledInPeriod: AdvanceSettlement[]): AdvanceShare[] {
  const settled = settledBy(settledInPeriod);
  return received.map((row) => ({ row, share: row.grandTotal - (settled.get(row.id) ?? 0) }));
}

/** `txpd`: what of advances received before the period was adjusted or refunded in it, each advance's rates scaled to that. */
export function advancesSettled(earlier: InvoiceRateRow[], settledInPeriod: AdvanceSettlement[]): AdvanceShare[] {
  const settled = settledBy(settledInPeriod);
  return earlier.filter((row) => settled.has(row.id)).map((row) => ({ row, share: Math.min(settled.get(row.id)!, row.grandTotal) }));
}
