import { upiPaymentLink } from './business-profile';
import { paiseText } from './bill-figures';
import { rupees } from './payment-check';
import type { PaymentsSpec } from './registry/payments';

/** What a payment reminder names: the client, the seller, the overdue bills ("Invoice Bill 3") and their balance. */
export interface ReminderFacts {
  client: string;
  company: string;
  bills: string[];
  /** The overdue balance, whole paise. */
  amount: number;
  /** The unit's UPI ID ("" when none is saved). */
  upiId: string;
}

/** The reminder's text (payments.json `reminder`), with the unit's UPI payment link for the overdue amount. */
export function reminderMessage(spec: Pick<PaymentsSpec, 'reminder' | 'reminderNoUpi'>, facts: ReminderFacts): string {
  const upi = facts.upiId ? upiPaymentLink(facts.upiId, facts.company, paiseText(facts.amount), `Bills ${facts.bills.join(', ')}`) : '';
  const values: Record<string, string> = { client: facts.client, company: facts.company, bills: facts.bills.join(', '), amount: rupees(facts.amount), upi };
  return (upi ? spec.reminder : spec.reminderNoUpi).replace(/\{(client|company|bills|amount|upi)\}/g, (_token, name: string) => values[name]);
}

/** A phone number as wa.me wants it: digits with the country code (a 10-digit Indian number gets 91); "" when none. */
export function whatsAppNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length === 10 ? `91${digits}` : digits;
}

/** The wa.me link that opens WhatsApp with the message, to the phone when there is one (else the app picks). */
export function whatsAppLink(phone: string, message: string): string {
  return `https://wa.me/${whatsAppNumber(phone)}?text=${encodeURIComponent(message)}`;
}
