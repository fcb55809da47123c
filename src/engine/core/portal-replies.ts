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

/** The IRP's answer to an e-invoice: its IRN, acknowledgement number and date, and the signed QR code's text. */
export interface IrnReply {
  Irn: string;
  AckNo: string;
  AckDt: string;
  SignedQRCode: string;
}

/** The IRP's acknowledgement date, "2026-11-28 10:15:00". */
const IRP_DATE_TIME = /^20\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
/** A signed JWT: three base64url parts. */
const SIGNED_TEXT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Longer than any signed QR the IRP answers (about 1,000 characters), short enough to print as one QR code. */
const SIGNED_QR_MAX = 2000;

/** An IRN (64 hexadecimal characters), its acknowledgement (number and date) and the signed QR code. */
export function checkIrnReply(body: Record<string, unknown>): ReplyCheck<IrnReply> {
  const Irn = text(body.Irn).toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(Irn)) return { ok: false, msg: 'Please provide the IRN: the 64 characters the IRP answered.' };
  const AckNo = text(body.AckNo);
  if (!/^\d{1,20}$/.test(AckNo)) return { ok: false, msg: 'Please provide the Ack No.: up to 20 digits.' };
  const AckDt = text(body.AckDt);
  if (!IRP_DATE_TIME.test(AckDt)) return { ok: false, msg: 'Ack Date must be written as the IRP answers it, e.g. 2026-11-28 10:15:00.' };
  const SignedQRCode = typeof body.SignedQRCode === 'string' ? body.SignedQRCode.trim() : '';
  if (!SIGNED_TEXT.test(SignedQRCode) || SignedQRCode.length > SIGNED_QR_MAX) {
    return { ok: false, msg: 'Please provide the SignedQRCode as the IRP answered it (a signed text of three parts joined by dots).' };
  }
  return { ok: true, reply: { Irn, AckNo, AckDt, SignedQRCode } };
}
