import type { BillType } from './registry/types';

/** The e-mail a bill goes with unless its type's x-bill.mail says otherwise (issue 32). */
export const DEFAULT_BILL_MAIL = {
  subject: '{document} {number} from {company}',
  body: [
    'Dear {client},',
    '',
    'Please find attached {document} No. {number} dated {date} for ₹{total}.',
    'Balance due: ₹{balance} by {duedate}.',
    'Pay by UPI: {upilink}',
    '',
    'Thank you,',
    '{company}',
  ].join('\n'),
} as const;

/** The values a template's placeholders take, each already as it should read. */
export type MailFacts = Record<'document' | 'number' | 'date' | 'total' | 'balance' | 'duedate' | 'upilink' | 'client' | 'company', string>;

const PLACEHOLDER = /\{([a-z]+)\}/g;

/**
 * Fills {placeholders}; a line whose placeholders are all empty is left out (no "Pay by UPI:" without a UPI ID),
 * and an unknown placeholder stays as typed, so a maintainer sees the mistake in the first mail.
 */
export function fillMailTemplate(template: string, facts: Readonly<Record<string, string>>): string {
  const known = facts as Record<string, string>;
  return template
    .split('\n')
    .filter((line) => {
      const names = [...line.matchAll(PLACEHOLDER)].map((match) => match[1]).filter((name) => Object.hasOwn(known, name));
      return names.length === 0 || names.some((name) => known[name] !== '');
    })
    .map((line) => line.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(known, name) ? known[name] : whole)))
    .join('\n');
}

/** The subject and body of a bill's e-mail: its type's template, the default's parts where it has none. */
export function billMail(billType: BillType, facts: MailFacts): { subject: string; body: string } {
  return {
    subject: fillMailTemplate(billType.mail.subject ?? DEFAULT_BILL_MAIL.subject, facts),
    body: fillMailTemplate(billType.mail.body ?? DEFAULT_BILL_MAIL.body, facts),
  };
}

export const MAX_RECIPIENTS = 20;

/**
 * E-mail addresses as sent: a list, or one text with commas or semicolons between them. Answers the addresses, or
 * the message naming the first that is not one.
 */
export function mailAddresses(value: unknown, label: string, isAddress: (text: string) => boolean): string[] | string {
  if (value === undefined || value === null || value === '') return [];
  const parts = typeof value === 'string' ? value.split(/[,;]/) : Array.isArray(value) ? value : undefined;
  if (!parts || parts.some((part) => typeof part !== 'string')) return `${label} must be e-mail addresses (a list, or text with commas between them).`;
  const addresses = (parts as string[]).map((part) => part.trim()).filter((part) => part !== '');
  if (addresses.length > MAX_RECIPIENTS) return `${label}: at most ${MAX_RECIPIENTS} addresses.`;
  const wrong = addresses.find((address) => !isAddress(address));
  return wrong === undefined ? addresses : `${label}: "${wrong.slice(0, 60)}" is not an e-mail address.`;
}

/**
 * The message a bill is shared with on WhatsApp (issue 32 part 4) when the browser cannot share its PDF: the
 * number, the amount, the due date and the UPI link (a line whose placeholders are all empty is left out).
 */
export const DEFAULT_BILL_SHARE = [
  'Dear {client},',
  '{document} No. {number} dated {date} from {company}: ₹{total}.',
  'Balance due: ₹{balance} by {duedate}.',
  'Pay by UPI: {upilink}',
].join('\n');
