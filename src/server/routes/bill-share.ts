import type { FastifyInstance } from 'fastify';
import { needsOnBillType } from '../auth/access';
import { financialYearLabel, parseFinancialYear, whatsAppLink } from '../../engine/core';
import { DEFAULT_BILL_SHARE, fillMailTemplate } from '../../engine/core/mail-template';
import { billTypeFrom, bodyOf } from '../http/body';
import { badRequest } from '../http/errors';
import { billForMail } from '../mail/bill-mail';
import { billRefFrom } from './bill-ref';
import { billNotFound } from './common-bills';
import type { RouteContext } from './context';

/** A list page's rows at most (the lists page 100 at a time). */
const MAX_MARKED = 200;

/** The bills a list asks marks for: `[{ billno, fy: "2026-27" }]`. */
function billsFrom(value: unknown): { billno: number; fy: number }[] {
  if (!Array.isArray(value) || value.length > MAX_MARKED) throw badRequest(`bills must be a list of at most ${MAX_MARKED} { billno, fy }.`);
  return value.map((item: unknown) => {
    const { billno, fy } = (item ?? {}) as { billno?: unknown; fy?: unknown };
    const year = parseFinancialYear(fy);
    if (!Number.isInteger(billno) || (billno as number) < 1 || year === undefined) throw badRequest('Each bill needs its billno and its fy (e.g. "2026-27").');
    return { billno: billno as number, fy: year };
  });
}

/**
 * Issue 32 parts 2 and 4: the lists' mark of how each bill's latest e-mail went (`/api/common/getsendmarks`), and
 * the WhatsApp message a bill is shared with where the browser cannot share its PDF (`/api/common/getsharemessage`
 * -> `{ phone, message, link }`: the client's saved phone, the number, amount, due date and UPI link).
 */
export function billShareRoutes(app: FastifyInstance, { registry, storage }: RouteContext): void {
  app.post('/api/common/getsendmarks', needsOnBillType('mail.read'), async (request) => {
    const body = bodyOf(request);
    const billType = billTypeFrom(registry, body);
    const bills = billsFrom(body.bills);
    const marks = await storage.mail.latestOfBills(billType.unit, billType.type, bills);
    return {
      marks: bills.flatMap(({ billno, fy }) => {
        const status = marks.get(`${fy}/${billno}`);
        return status ? [{ billno, fy: financialYearLabel(fy), status: status === 'sending' ? 'queued' : status }] : [];
      }),
    };
  });

  app.post('/api/common/getsharemessage', needsOnBillType('bills.read'), async (request) => {
    const body = bodyOf(request);
    const billType = billTypeFrom(registry, body);
    const ref = billRefFrom(billType, body);
    const found = await billForMail(storage, billType, ref);
    if (!found) throw billNotFound(ref);
    const client = found.facts.client ? await storage.clients.findByName(found.facts.client) : undefined;
    const phone = String(client?.contact.phone ?? '');
    const message = fillMailTemplate(DEFAULT_BILL_SHARE, found.facts);
    return { phone, message, link: whatsAppLink(phone, message) };
  });
}
