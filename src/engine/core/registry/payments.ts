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
  return { ...declared, modes: lookupTable(Object.entries(declared.modes)) };
}
