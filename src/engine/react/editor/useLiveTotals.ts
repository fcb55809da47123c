import { useMemo } from 'react';
import { pickFields } from '../../core/stored-bill';
import { stateCodeOf, stateName } from '../../core/gst';
import type { Money } from '../../core/money';
import type { BillType } from '../../core/registry/types';
import { withoutBlankRows } from '../../core/row-ops';
import { normalizeBill, type Row } from '../../core/rows';
import { billPlaceOfSupply, billTotals, totalsLines, type TotalsLine } from '../../core/totals';
import { amountInWords } from '../../core/words';
import type { LiveValue } from './live-value';
import { useIdleValue } from './useIdleValue';

export interface LiveTotals {
  lines: TotalsLine[];
  grandTotal: Money;
  words: string;
  /** Tax bills: the client's state (the place of supply chosen, or read from the GSTIN), if known; and whether the supply is within the seller's. */
  tax?: { clientState?: string; intraState: boolean };
}

/**
 * The bill's totals as the PDF will print them (the core's billTotals, totalsLines and amountInWords on
 * the normalized form data), recomputed when the browser is idle after the form changes. `sellerState` is
 * the seller's state code as the PDF reads it (core sellerStateCode: the saved business profile's GSTIN).
 */
export function useLiveTotals(billType: BillType, live: LiveValue<Row>, sellerState: string): LiveTotals | undefined {
  const data = useIdleValue(live);
  return useMemo(() => {
    const bill = normalizeBill(billType, withoutBlankRows(billType.root, pickFields(billType.root, data)));
    const totals = billTotals(billType, bill, sellerState);
    const gstinField = billType.roles.clientGstin;
    // The chosen place of supply (a buyer without a GSTIN), else the state the GSTIN names.
    const code = billType.roles.placeOfSupply
      ? billPlaceOfSupply(billType, bill, sellerState)
      : gstinField && stateCodeOf(String(bill[gstinField.name] ?? ''));
    return {
      lines: totalsLines(totals, billType.pdf.words),
      grandTotal: totals.grandTotal,
      words: amountInWords(totals.grandTotal),
      tax: totals.tax && {
        clientState: code && `${stateName(code)} (${code})`,
        intraState: totals.tax.intraState,
      },
    };
  }, [billType, data, sellerState]);
}
