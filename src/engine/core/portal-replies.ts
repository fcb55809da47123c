/*
 * Issue 33: what the operator types back from the portals, checked the same on screen and by the API.
 */

/** The e-way bill portal's answer: its number, when it was made and until when it is valid, as the portal prints them. */
export interface EwayBillReply {
  ewbNo: string;
  ewbDate: string;
  validUpto: string;
}

/** The portal's date and time, "28/11/2026 10:15 AM" (the time, seconds and AM/PM may be left out). */
const PORTAL_DATE_TIME = /^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/20\d\d( ([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?( ?[AaPp][Mm])?)?$/;

export type ReplyCheck<T> = { ok: true; reply: T } | { ok: false; msg: string };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '');

/** An e-way bill's number (12 digits; spaces as printed are dropped), date and validity. */
export function checkEwayBillReply(body: Record<string, unknown>): ReplyCheck<EwayBillReply> {
  const ewbNo = text(body.ewbNo).replace(/ /g, '');
  if (!/^\d{12}$/.test(ewbNo)) return { ok: false, msg: 'Please provide the E-Way Bill No.: 12 digits, e.g. 3410 1234 5678.' };
  const ewbDate = text(body.ewbDate);
  if (!PORTAL_DATE_TIME.test(ewbDate)) return { ok: false, msg: 'E-Way Bill Date must be written as the portal prints it, e.g. 28/11/2026 10:15 AM.' };
  const validUpto = text(body.validUpto);
  if (!PORTAL_DATE_TIME.test(validUpto)) return { ok: false, msg: 'Valid Upto must be written as the portal prints it, e.g. 29/11/2026 11:59 PM.' };
  return { ok: true, reply: { ewbNo, ewbDate, validUpto } };
}
