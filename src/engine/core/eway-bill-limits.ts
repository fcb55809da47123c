/**
 * Issue 33: the consignment values above which goods may not move without an e-way bill (CGST Rule 138), in
 * whole rupees. Inter-state the same everywhere; intra-state each state notifies its own limit, so it is data:
 * a state not listed here uses the general limit.
 */
export const EWAY_BILL_LIMITS = {
  interState: 50_000,
  intraState: 50_000,
  /** Intra-state limits a state notified apart from the general one, by GST state code. */
  intraStateByState: {
    /** Maharashtra: ₹1,00,000 within the state. */
    '27': 100_000,
  } as Readonly<Record<string, number>>,
} as const;

/** The limit for goods moving from `fromState` to `toState` (GST state codes). */
export function ewayBillLimit(fromState: string, toState: string): number {
  if (fromState !== toState) return EWAY_BILL_LIMITS.interState;
  return EWAY_BILL_LIMITS.intraStateByState[fromState] ?? EWAY_BILL_LIMITS.intraState;
}
