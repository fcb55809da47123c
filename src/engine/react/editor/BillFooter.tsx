import type { BillType } from '../../core/registry/types';
import type { Row } from '../../core/rows';
import { ActionBar, type ActionBarProps } from './ActionBar';
import type { LiveValue } from './live-value';
import { GrandTotalBadge, TotalsPanel } from './TotalsPanel';
import { useLiveTotals } from './useLiveTotals';

export interface BillFooterProps extends ActionBarProps {
  billType: BillType;
  /** The form's data as the operator types. */
  live: LiveValue<Row>;
  /** The seller's state code for CGST + SGST or IGST (core sellerStateCode of the saved business profile). */
  sellerState: string;
}

/** Under the form: the live totals on priced bills (x-bill.priced), then the docked save bar. */
export function BillFooter(props: BillFooterProps) {
  return props.billType.priced ? <PricedFooter {...props} /> : <ActionBar {...props} />;
}

function PricedFooter({ billType, live, sellerState, ...bar }: BillFooterProps) {
  const totals = useLiveTotals(billType, live, sellerState);
  return (
    <>
      {totals && <TotalsPanel totals={totals} />}
      <ActionBar {...bar} summary={totals && <GrandTotalBadge totals={totals} />} />
    </>
  );
}
