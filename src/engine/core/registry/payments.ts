import { lookupTable } from '../own-keys';
import { SchemaError } from '../schema/json-schema';
import { seriesProblem } from '../number-series';
import type { ClientsSpec } from './types';

export const PAYMENTS_FILE = 'payments.json';

export interface PaymentTextField {
  title: string;
  maxLength: number;
}

/** The receipt PDF's wording (payments.json `receipt`). */
export interface ReceiptTexts {
  title: string;
  numberLabel: string;
  dateLabel: string;
  receivedFrom: string;
  sumOf: string;
  modeLabel: string;
  referenceLabel: string;
  billsTitle: string;
  billColumns: [string, string, string, string];
  onAccount: string;
  total: string;
  signatory: string;
  footer: string;
}

/** The client statement's wording (payments.json `statement`). */
export interface StatementTexts {
  title: string;
  period: string;
  columns: [string, string, string, string, string, string];
  payment: string;
  opening: string;
  closing: string;
  ageingTitle: string;
  ageing: [string, string, string, string, string];
  /** Printed under the ageing when the client has money on account, which the ageing (bills only) leaves out. */
  onAccount: string;
  footer: string;
  /** A PDF of more lines prints one line a month (issue 51: 61 pages of 3,000 lines took over a second); the CSV keeps them all. */
  linesInFull: number;
  /** A month's line: {month} and {count}. */
  month: string;
  /** Under a summarised statement's lines: {count}. */
  summarised: string;
}

/** A section of the Income-tax Act TDS is deducted under, and the payment dates it applies to (YYYY-MM-DD). */
export interface TdsSection {
  label: string;
  from?: string;
  until?: string;
}

export type TdsMessage = 'section' | 'amount' | 'sectionDate' | 'overAmount' | 'overShare';

/** TDS a client deducts when paying (issue 46 item 5, payments.json `tds`). */
export interface TdsSpec {
  /** Above this share (%) of the settled bills' value before GST, a TDS is saved only when the operator confirms. */
  maxPercent: number;
  /** Section code -> its label and dates. */
  sections: Record<string, TdsSection>;
  messages: Record<TdsMessage, string>;
  /** The statement's and the receipt's line of a payment's TDS ({section}). */
  statement: string;
  receipt: string;
  reportTitle: string;
  reportColumns: string[];
}

export type PaymentMessage =
  | 'client' | 'clientMissing' | 'date' | 'amount' | 'mode' | 'tooLong' | 'allocation' | 'overAmount'
  | 'overBalance' | 'notSales' | 'cancelled' | 'otherClient' | 'twice' | 'missing';

/** Payments received (payments.json), as the engine uses them. */
export interface PaymentsSpec {
  /** The receipt series ({n}, {fy}); receipts are numbered per unit and financial year. */
  series: string;
  /** The clients.json contact detail holding a client's credit days, when declared. */
  creditDaysContact?: string;
  /** Mode value -> its name. */
  modes: Record<string, string>;
  fields: { reference: PaymentTextField; notes: PaymentTextField };
  maxAllocations: number;
  /** Absent: payments take no TDS. */
  tds?: TdsSpec;
  messages: Record<PaymentMessage, string>;
  endpoints: {
    save: string;
    list: string;
    delete: string;
    receipt: string;
    receivables: string;
    statement: string;
    reminder: string;
    /** Issue 32 part 3: a statement or a reminder sent by e-mail, its draft, and a client's log of them. */
    sendStatement: string;
    sendReminder: string;
    clientMailDraft: string;
    clientSendLog: string;
    /** Issue 46: the TDS report, declared with `tds`. */
    tdsReport?: string;
  };
  receipt: ReceiptTexts;
  statement: StatementTexts;
  /** The WhatsApp reminder's text, with and without the unit's UPI link. */
  reminder: string;
  reminderNoUpi: string;
  /** The e-mails of a statement and of a reminder (issue 32 part 3). */
  mail: { statement: MailTemplate; reminder: MailTemplate };
}

export interface MailTemplate {
  subject: string;
  body: string;
}

/** payments.json's block (checked against meta/payments.schema.json first), read against the saved clients. */
export function readPaymentsSpec(file: unknown, clients: ClientsSpec): PaymentsSpec {
  const declared = (file as { payments: PaymentsSpec }).payments;
  const problem = seriesProblem('receipt', declared.series);
  if (problem) throw new SchemaError(PAYMENTS_FILE, problem);
  const creditDays = declared.creditDaysContact;
  if (creditDays !== undefined && !clients.contact.some((detail) => detail.name === creditDays)) {
    throw new SchemaError(PAYMENTS_FILE, `creditDaysContact "${creditDays}" is not a contact detail of clients.json`);
  }
  const tds = declared.tds;
  if (tds) {
    if (!declared.endpoints.tdsReport) throw new SchemaError(PAYMENTS_FILE, 'endpoints.tdsReport is required when tds is declared');
    for (const [code, section] of Object.entries(tds.sections)) {
      if (section.from && section.until && section.from > section.until) throw new SchemaError(PAYMENTS_FILE, `tds section ${code} applies from ${section.from}, after its until ${section.until}`);
    }
  }
  return {
    ...declared,
    modes: lookupTable(Object.entries(declared.modes)),
    tds: tds && { ...tds, sections: lookupTable(Object.entries(tds.sections)) },
  };
}
