import { formatIndian } from '../../core/money';
import type { LiveTotals } from './useLiveTotals';

export const TOTALS_TEXTS = {
  region: 'Bill totals',
  words: 'Amount Chargeable (in words)',
  grandTotal: 'Grand Total',
  noState: 'GST is shown as IGST (inter-state), as the PDF prints it, until the Client GSTIN starts with a valid state code.',
  noGstin: 'No Client GSTIN: a sale within the state, CGST + SGST.',
  intra: (state: string) => `Client in ${state}: within the state, CGST + SGST.`,
  inter: (state: string) => `Client in ${state}: another state, IGST.`,
} as const;

const RUPEE = '₹';

/**
 * Without a state read from the GSTIN, the core's place of supply tells the two cases apart: no GSTIN is a sale
 * within the seller's state, a GSTIN naming no state is charged IGST.
 */
function supplyNote(tax: NonNullable<LiveTotals['tax']>): string {
  if (tax.clientState) return (tax.intraState ? TOTALS_TEXTS.intra : TOTALS_TEXTS.inter)(tax.clientState);
  return tax.intraState ? TOTALS_TEXTS.noGstin : TOTALS_TEXTS.noState;
}

/** The bill's totals under its lines, laid out like the PDF's: the amount in words beside the totals box. */
export function TotalsPanel({ totals }: { totals: LiveTotals }) {
  const { tax } = totals;
  const supply = tax && supplyNote(tax);
  return (
    <section className="bill-totals" aria-label={TOTALS_TEXTS.region}>
      <div className="bill-totals__words">
        <h2 className="bill-block__title">{TOTALS_TEXTS.words}</h2>
        <p className="bill-totals__words-text">{totals.words}</p>
        {supply && <p className="bill-totals__note">{supply}</p>}
      </div>
      <dl className="bill-totals__lines">
        {totals.lines.map((line) => (
          <div key={line.label} className="bill-totals__line">
            <dt>{line.label}</dt>
            <dd>{formatIndian(line.amount)}</dd>
          </div>
        ))}
        <div className="bill-totals__line bill-totals__line--grand">
          <dt>{TOTALS_TEXTS.grandTotal}</dt>
          <dd>
            {RUPEE} {formatIndian(totals.grandTotal)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The grand total in the docked save bar, so it stays in sight on a long bill. */
export function GrandTotalBadge({ totals }: { totals: LiveTotals }) {
  return (
    <p className="bill-actions__total" aria-hidden="true">
      {TOTALS_TEXTS.grandTotal} <strong>{RUPEE} {formatIndian(totals.grandTotal)}</strong>
    </p>
  );
}
