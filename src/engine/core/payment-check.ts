import { paiseText } from './bill-figures';
import { formatIndian, parseDecimal } from './money';
import { ownValue } from './own-keys';
import { isBillDay } from './periods';
import { parseFinancialYear } from './financial-year';
import type { PaymentMessage, PaymentsSpec, TdsMessage, TdsSpec } from './registry/payments';

/** One bill a payment settles, as the call names it; `fy` ("2026-27" or 2026) when the number is in several years. */
export interface AllocationInput {
  billtype: string;
  billno: number;
  fy?: number;
  /** Whole paise, above zero. */
  amount: number;
}

/** A payment as checked: amounts in whole paise. */
export interface PaymentInput {
  clientName: string;
  date: string;
  amount: number;
  mode: string;
  reference: string;
  notes: string;
  allocations: AllocationInput[];
  /** Income tax the client deducted (issue 46): it settles bills like money received. Amount in whole paise. */
  tds?: TdsInput;
  /** The operator saw that the TDS is above the usual share of the bills' value and saves it anyway. */
  confirmTds: boolean;
}

export interface TdsInput {
  section: string;
  amount: number;
}

export type PaymentCheck = { ok: true; payment: PaymentInput } | { ok: false; msg: string };

/** A payments.json text with each {placeholder} given a value filled; the others kept as written. */
export function filledText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (token, name: string) => ownValue(values, name) ?? token);
}

/** "{section} applies to ..." with each placeholder filled, from payments.json's `tds.messages`. */
export function tdsMessage(tds: TdsSpec, key: TdsMessage, values: Record<string, string> = {}): string {
  return filledText(tds.messages[key], values);
}

/** The sections a payment dated `date` may name, in the file's order. */
export function tdsSectionsOn(tds: TdsSpec, date: string): string[] {
  return Object.entries(tds.sections)
    .filter(([, section]) => (!section.from || section.from <= date) && (!section.until || date <= section.until))
    .map(([code]) => code);
}

/** The TDS part of a payment: absent, or a section that applies on the payment's date and an amount above zero. */
function checkTds(tds: TdsSpec | undefined, given: unknown, date: string): { ok: true; tds?: TdsInput } | { ok: false; msg: string } {
  if (given === undefined || given === null) return { ok: true };
  const entry = (typeof given === 'object' && !Array.isArray(given) ? given : {}) as Record<string, unknown>;
  if (!tds) return { ok: false, msg: 'Payments here take no TDS.' };
  const onDate = tdsSectionsOn(tds, date);
  const section = typeof entry.section === 'string' ? entry.section.trim() : '';
  const declared = ownValue(tds.sections, section);
  if (!declared) return { ok: false, msg: tdsMessage(tds, 'section', { sections: onDate.join(', ') }) };
  if (!onDate.includes(section)) {
    const when = [declared.from && `from ${declared.from}`, declared.until && `until ${declared.until}`].filter(Boolean).join(' ');
    return { ok: false, msg: tdsMessage(tds, 'sectionDate', { section, when, sections: onDate.join(', ') }) };
  }
  const amount = paiseOf(entry.amount);
  if (amount === undefined) return { ok: false, msg: tdsMessage(tds, 'amount') };
  return { ok: true, tds: { section, amount } };
}

/** The largest amount taken: ₹100 crore, far above any diesel shop's payment, far below a double's exact range. */
const MAX_PAISE = 1_000_000_000_00;

/** "{bill} has ..." with each placeholder filled. */
export function paymentMessage(spec: PaymentsSpec, key: PaymentMessage, values: Record<string, string> = {}): string {
  return filledText(spec.messages[key], values);
}

/** An amount in rupees (number or text, at most 2 decimal places) as whole paise above zero, else undefined. */
export function paiseOf(value: unknown): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const decimal = parseDecimal(value);
  if (!decimal || decimal.lte(0)) return undefined;
  const paise = decimal.times(100);
  if (!paise.eq(paise.round(0)) || paise.gt(MAX_PAISE)) return undefined;
  return Number(paise.toFixed(0));
}

const textOf = (value: unknown): string | undefined =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value.trim() : undefined;

/**
 * A payment as `savepayment` sends it, checked in the order the form shows it: client, date, amount, mode,
 * reference and notes, then each allocation and their sum. The first failure's message (payments.json).
 * What the database must answer (the client exists, each bill's balance) is the server's part.
 */
export function checkPayment(spec: PaymentsSpec, body: Record<string, unknown>): PaymentCheck {
  const fail = (key: PaymentMessage, values?: Record<string, string>): PaymentCheck => ({ ok: false, msg: paymentMessage(spec, key, values) });
  const clientName = textOf(body.clientname);
  if (!clientName) return fail('client');
  if (!isBillDay(body.date)) return fail('date');
  const amount = paiseOf(body.amount);
  if (amount === undefined) return fail('amount');
  const mode = typeof body.mode === 'string' ? body.mode : '';
  if (ownValue(spec.modes, mode) === undefined) return fail('mode', { modes: Object.keys(spec.modes).join(', ') });
  const texts: Record<string, string> = {};
  for (const [name, field] of Object.entries(spec.fields)) {
    const value = textOf(body[name]);
    if (value === undefined || [...value].length > field.maxLength) return fail('tooLong', { field: field.title, max: String(field.maxLength) });
    texts[name] = value;
  }
  const tds = checkTds(spec.tds, body.tds, body.date);
  if (!tds.ok) return tds;
  const given = body.allocations ?? [];
  if (!Array.isArray(given) || given.length > spec.maxAllocations) return fail('allocation');
  const allocations: AllocationInput[] = [];
  for (const item of given as unknown[]) {
    const entry = (item ?? {}) as Record<string, unknown>;
    const billno = typeof entry.billno === 'string' && /^\d{1,9}$/.test(entry.billno.trim()) ? Number(entry.billno) : entry.billno;
    const share = paiseOf(entry.amount);
    if (typeof item !== 'object' || typeof entry.billtype !== 'string' || !Number.isSafeInteger(billno) || (billno as number) < 1 || share === undefined) {
      return fail('allocation');
    }
    const fy = entry.fy === undefined || entry.fy === null || entry.fy === '' ? undefined : parseFinancialYear(entry.fy);
    if (fy === undefined && entry.fy !== undefined && entry.fy !== null && entry.fy !== '') return fail('allocation');
    allocations.push({ billtype: entry.billtype, billno: billno as number, fy, amount: share });
  }
  const allocated = allocations.reduce((total, allocation) => total + allocation.amount, 0);
  const deducted = tds.tds?.amount ?? 0;
  if (allocated > amount + deducted) {
    if (spec.tds && tds.tds) return { ok: false, msg: tdsMessage(spec.tds, 'overAmount', { allocated: rupees(allocated), amount: rupees(amount), tds: rupees(deducted) }) };
    return fail('overAmount', { allocated: rupees(allocated), amount: rupees(amount) });
  }
  return {
    ok: true,
    payment: {
      clientName,
      date: body.date,
      amount,
      mode,
      reference: texts.reference,
      notes: texts.notes,
      allocations,
      tds: tds.tds,
      confirmTds: body.confirmtds === true,
    },
  };
}

/** Whole paise as "₹1,234.50" for messages and printed texts. */
export function rupees(paise: number): string {
  return `\u20B9${formatIndian(paiseText(paise))}`;
}
