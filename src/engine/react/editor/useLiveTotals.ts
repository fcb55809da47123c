import { useMemo } from 'react';
import { pickFields } from '../../core/stored-bill';
import { stateCodeOf, stateName } from '../../core/gst';
import type { Money } from '../../core/money';
import type { BillType } from '../../core/registry/types';
import { withoutBlankRows } from '../../core/row-ops';
import { normalizeBill, type Row } from '../../core/rows';
import { billTotals, totalsLines, type TotalsLine } from '../../core/totals';
import { amountInWords } from '../../core/words';
import type { LiveValue } from './live-value';
import { useIdleValue } from './useIdleValue';

export interface LiveTotals {
  lines: TotalsLine[];
  grandTotal: Money;
  words: string;
  /**
   * Tax bills: the client's state read from the GSTIN, if it names one; whether no GSTIN is typed (a buyer
   * within the seller's state); and whether the supply is within the seller's state.
   */
  tax?: { clientState?: string; withoutGstin: boolean; intraState: boolean };
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
    const gstin = gstinField ? String(bill[gstinField.name] ?? '').trim() : '';
    const code = stateCodeOf(gstin);
    return {
      lines: totalsLines(totals),
      grandTotal: totals.grandTotal,
      words: amountInWords(totals.grandTotal),
      tax: totals.tax && {
        clientState: code && `${stateName(code)} (${code})`,
        withoutGstin: gstin === '',
        intraState: totals.tax.intraState,
      },
    };
  }, [billType, data, sellerState]);
}
