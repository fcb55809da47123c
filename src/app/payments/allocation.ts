import { paiseOf, paymentMessage as specMessage, rupees, tdsMessage } from '../../engine/core/payment-check';
import type { PaymentMessage } from '../../engine/core/registry/payments';
import type { PayableBill } from './payments-api';
import { paymentsSpec } from './payments-spec';

/** payments.json's message with its placeholders filled (the server's words: payment-check.ts). */
export function paymentMessage(key: PaymentMessage, values: Record<string, string> = {}): string {
  return specMessage(paymentsSpec, key, values);
}

/** A bill in the Record Payment form: what it still asks (with this payment's own share when editing one). */
export interface OpenBill {
  key: string;
  label: string;
  bill: PayableBill;
  /** Whole paise this payment may put on it at most. */
  limit: number;
}

export const billKey = (bill: { billType: { type: string }; billno: number; fy: string }) => `${bill.billType.type}/${bill.fy}/${bill.billno}`;

/** Whole paise as the form shows them in an input ("1500.5" -> "1500.50"). */
export const paiseInput = (paise: number): string => (paise / 100).toFixed(2);

/** Whole paise of a typed amount; 0 for empty, undefined for something that is not an amount of rupees. */
export function typedPaise(text: string): number | undefined {
  const trimmed = text.trim();
  // Empty or zero: the bill takes nothing (paiseOf answers amounts above zero only).
  if (/^(0*(\.0*)?)?$/.test(trimmed)) return 0;
  return paiseOf(trimmed);
}

/**
 * The bills a payment may settle: each with a balance left, plus what this payment (when editing one) already put on
 * it, which it may keep. `own` maps a bill's key to that share in paise.
 */
export function openBills(bills: readonly PayableBill[], own: ReadonlyMap<string, number> = new Map()): OpenBill[] {
  return bills
    .map((bill) => {
      const key = billKey(bill);
      const limit = Math.round(bill.balance * 100) + (own.get(key) ?? 0);
      return { key, label: `${bill.billType.menuLabel} ${bill.printedNo}`, bill, limit };
    })
    .filter((open) => open.limit > 0);
}

/**
 * Splits an amount over the bills: the `first` bill (the one the form was opened from) first, then the oldest, each
 * up to what it asks. What is left over stays on account.
 */
export function autoAllocate(bills: readonly OpenBill[], amount: number, first?: string): Record<string, string> {
  const order = [...bills.filter((open) => open.key === first), ...bills.filter((open) => open.key !== first)];
  const shares: Record<string, string> = {};
  let left = amount;
  for (const open of order) {
    const share = Math.min(open.limit, Math.max(left, 0));
    shares[open.key] = share > 0 ? paiseInput(share) : '';
    left -= share;
  }
  return shares;
}

export interface AllocationCheck {
  /** Whole paise: the amount received (undefined when not a valid amount). */
  amount?: number;
  /** Whole paise: the TDS the client deducted (0 when none; undefined when typed but not an amount). */
  tds?: number;
  allocated: number;
  /** What no bill takes: on account (never below 0). */
  onAccount: number;
  /** A bill's problem by its key: not an amount, or above what it asks. */
  problems: Record<string, string>;
  /** The form's problem: the amount, or the shares adding up to more than it. */
  problem?: string;
}

/**
 * The allocation rules of issue 29, as the server applies them (payments.json's own messages): each share an amount
 * of at most what its bill asks, the shares together at most the amount received and the TDS deducted (issue 46);
 * the rest is on account.
 */
export function checkAllocations(amountText: string, bills: readonly OpenBill[], shares: Readonly<Record<string, string>>, tdsText = ''): AllocationCheck {
  const amount = paiseOf(amountText.trim());
  const tds = typedPaise(tdsText);
  const problems: Record<string, string> = {};
  let allocated = 0;
  for (const open of bills) {
    const share = typedPaise(shares[open.key] ?? '');
    if (share === undefined) problems[open.key] = 'Not an amount of rupees (at most 2 decimal places).';
    else if (share > open.limit) problems[open.key] = paymentMessage('overBalance', { bill: open.label, balance: rupees(open.limit) });
    else allocated += share;
  }
  if (amount === undefined) return { allocated, onAccount: 0, problems, problem: paymentMessage('amount') };
  const tdsSpec = paymentsSpec.tds;
  if (tds === undefined && tdsSpec) return { amount, allocated, onAccount: 0, problems, problem: tdsMessage(tdsSpec, 'amount') };
  const settles = amount + (tds ?? 0);
  let problem: string | undefined;
  if (allocated > settles) {
    problem = tds && tdsSpec
      ? tdsMessage(tdsSpec, 'overAmount', { allocated: rupees(allocated), amount: rupees(amount), tds: rupees(tds) })
      : paymentMessage('overAmount', { allocated: rupees(allocated), amount: rupees(amount) });
  }
  return { amount, tds, allocated, onAccount: Math.max(settles - allocated, 0), problems, problem };
}

/** The allocations as savepayment takes them: the bills given a share above zero. */
export function allocationsToSave(bills: readonly OpenBill[], shares: Readonly<Record<string, string>>) {
  return bills
    .filter((open) => (typedPaise(shares[open.key] ?? '') ?? 0) > 0)
    .map((open) => ({ billtype: open.bill.billType.type, billno: open.bill.billno, fy: open.bill.fy, amount: paiseInput(typedPaise(shares[open.key]!)!) }));
}
