/**
 * What a sales bill still asks of its client (issue 29), derived every time, never stored as a flag:
 * balance = grand total - credit notes + debit notes - payments allocated to it. All amounts in whole paise.
 * Lists, receivables, statements and reminders all read this one rule.
 */
export type BalanceStatus = 'paid' | 'partlypaid' | 'unpaid' | 'overdue' | 'cancelled';

export const BALANCE_STATUSES: readonly BalanceStatus[] = ['paid', 'partlypaid', 'unpaid', 'overdue', 'cancelled'];

/** The statuses of a bill with something left to pay (the lists' "Unpaid" filter). */
export const OUTSTANDING_STATUSES: readonly BalanceStatus[] = ['unpaid', 'partlypaid', 'overdue'];

/** A bill's money as stored: whole paise, its date, its client's credit days. */
export interface BillMoney {
  total: number;
  /** Credit notes against it (lower what is owed); 0 until notes exist. */
  credited: number;
  /** Debit notes against it (raise what is owed). */
  debited: number;
  /** Payments allocated to it. */
  allocated: number;
  billDate: string;
  creditDays: number;
  cancelled: boolean;
}

export interface BillBalance {
  total: number;
  paid: number;
  balance: number;
  /** The due date: bill date + credit days (YYYY-MM-DD). */
  due: string;
  status: BalanceStatus;
}

const DAY_MS = 86_400_000;

const utcDay = (isoDay: string) => Date.UTC(Number(isoDay.slice(0, 4)), Number(isoDay.slice(5, 7)) - 1, Number(isoDay.slice(8, 10)));

/** The calendar day `days` after an ISO day. */
export function addDays(isoDay: string, days: number): string {
  return new Date(utcDay(isoDay) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / DAY_MS);
}

/** Credit days as a client or profile holds them (text or number); `fallback` when absent or not a count of days. */
export function creditDaysOf(value: unknown, fallback = 0): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,3}$/.test(text) ? Number(text) : fallback;
}

/** A bill's balance, due date and status as of a day. */
export function billBalance(bill: BillMoney, asof: string): BillBalance {
  const due = addDays(bill.billDate, bill.creditDays);
  const paid = bill.allocated;
  if (bill.cancelled) return { total: bill.total, paid, balance: 0, due, status: 'cancelled' };
  const balance = bill.total - bill.credited + bill.debited - bill.allocated;
  const status: BalanceStatus =
    balance <= 0 ? 'paid' : asof > due ? 'overdue' : paid > 0 ? 'partlypaid' : 'unpaid';
  return { total: bill.total, paid, balance, due, status };
}

/** The ageing buckets of what is owed, by days past the due date. */
export const AGEING_BUCKETS = ['notdue', 'd1_30', 'd31_60', 'd61_90', 'd90plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** The most days past due each bucket but the last (d90plus, open) takes, in AGEING_BUCKETS' order; the receivables query ages by these too. */
export const AGEING_LIMITS: readonly { bucket: AgeingBucket; upTo: number }[] = [
  { bucket: 'notdue', upTo: 0 },
  { bucket: 'd1_30', upTo: 30 },
  { bucket: 'd31_60', upTo: 60 },
  { bucket: 'd61_90', upTo: 90 },
];

export function ageingBucket(due: string, asof: string): AgeingBucket {
  const late = daysBetween(due, asof);
  return AGEING_LIMITS.find((limit) => late <= limit.upTo)?.bucket ?? 'd90plus';
}

export type Ageing = Record<AgeingBucket, number>;

export const noAgeing = (): Ageing => ({ notdue: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 });
