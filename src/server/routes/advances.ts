import type { FastifyInstance } from 'fastify';
import { needsOnUnit } from '../auth/access';
import { financialYearLabel, isMoneyOnAccount, paiseOf, paiseToNumber, parseFinancialYear, type BillType, type Unit } from '../../engine/core';
import { operatorOf } from '../auth/authenticate';
import { bodyOf, optionalText, type Body } from '../http/body';
import { badRequest } from '../http/errors';
import type { Storage } from '../storage';
import type { AdvanceBillRef, AdvanceLink, StoredAdvance } from '../storage/advances';
import type { BillKey } from '../storage/bills';
import type { RouteContext } from './context';

/**
 * Deleting an advance (a receipt voucher) that invoices took or refunds returned would undo those silently (the
 * invoices owing again, a refund against nothing): refused, naming them, until they are undone first.
 */
export async function refuseDeleteOfUsedAdvance(
  storage: Storage,
  billType: BillType,
  key: BillKey,
  nameOf: (billtype: string) => string,
  printedNo: string,
): Promise<void> {
  if (!isMoneyOnAccount(billType.kind)) return;
  const used = await storage.advances.usedBy(key);
  if (used.length === 0) return;
  const named = used.map((link) => `${nameOf(link.billtype)} ${link.printedNo}`).join(', ');
  throw badRequest(
    `${billType.menuLabel} ${printedNo} cannot be deleted: ${named} ${used.length === 1 ? 'uses' : 'use'} it. Remove the adjustment (Advances on the invoice) or delete the refund first.`,
  );
}

/** Most advances one invoice is settled by in a call: far above any real invoice, bounding the work of one. */
const MAX_ADVANCES = 50;

const isRecord = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ billtype, billno, fy? }` as a call names a bill; undefined when it is not one. */
function billRef(value: unknown): AdvanceBillRef | undefined {
  if (!isRecord(value) || typeof value.billtype !== 'string' || value.billtype.trim() === '') return undefined;
  const digits = typeof value.billno === 'number' ? String(value.billno) : typeof value.billno === 'string' ? value.billno.trim() : '';
  if (!/^\d{1,9}$/.test(digits) || Number(digits) < 1) return undefined;
  const given = value.fy !== undefined && value.fy !== null && value.fy !== '';
  const fy = given ? parseFinancialYear(value.fy) : undefined;
  if (given && fy === undefined) return undefined;
  return { billtype: value.billtype.trim(), billno: Number(digits), fy };
}

function adjustInput(body: Body) {
  const invoice = billRef(body.invoice);
  if (!invoice) throw badRequest('Please name the invoice as { billtype, billno, fy? }.');
  if (!Array.isArray(body.advances)) throw badRequest('Please list the advances as [{ billtype, billno, fy?, amount }] (an empty list clears them).');
  if (body.advances.length > MAX_ADVANCES) throw badRequest(`At most ${MAX_ADVANCES} advances may settle one invoice.`);
  const advances = body.advances.map((entry: unknown) => {
    const ref = billRef(entry);
    const amount = isRecord(entry) ? paiseOf(entry.amount) : undefined;
    if (!ref || amount === undefined) throw badRequest('Each advance needs its billtype, billno and an amount above zero (at most 2 decimal places).');
    return { ref, amount };
  });
  return { invoice, advances };
}

const linkAnswer = (link: AdvanceLink) => ({
  billtype: link.billtype,
  billno: link.billno,
  fy: financialYearLabel(link.fy),
  printedno: link.printedNo,
  date: link.date,
  amount: paiseToNumber(link.amount),
});

const advanceAnswer = (advance: StoredAdvance) => ({
  billtype: advance.billtype,
  billno: advance.billno,
  fy: financialYearLabel(advance.fy),
  printedno: advance.printedNo,
  date: advance.date,
  clientname: advance.clientName,
  amount: paiseToNumber(advance.amount),
  adjusted: paiseToNumber(advance.adjusted),
  refunded: paiseToNumber(advance.refunded),
  open: paiseToNumber(advance.open),
  adjustments: advance.adjustments.map(linkAnswer),
  refunds: advance.refunds.map(linkAnswer),
});

/**
 * What getbill adds of a bill's advances (issue 46): a sales bill's `advances` adjusted against it, an advance's
 * `adjustedagainst` invoices; nothing for other bills, or when there are none.
 */
export async function advanceFields(storage: Storage, billType: BillType, key: BillKey): Promise<Body> {
  const side = billType.countsAsSales ? 'invoice' : billType.tax && isMoneyOnAccount(billType.kind) ? 'advance' : undefined;
  if (!side) return {};
  const links = (await storage.advances.linksOf(key, side)).map(linkAnswer);
  if (links.length === 0) return {};
  return side === 'invoice' ? { advances: links } : { adjustedagainst: links };
}

/**
 * Advances adjusted against invoices (issue 46 item 2): `/api/{unit}/adjustadvance { invoice, advances }` replaces
 * the invoice's adjustments; `/api/{unit}/getadvances { clientname?, open? }` lists the receipt vouchers with what
 * of each was adjusted and what is open. Every refusal is a 400 `{msg}` naming its cause.
 */
export function advanceRoutes(app: FastifyInstance, { storage }: RouteContext, unit: Unit): void {
  app.post(`/api/${unit.slug}/adjustadvance`, needsOnUnit('payments.write', unit.slug), async (request) => {
    const saved = await storage.advances.adjust(unit.slug, adjustInput(bodyOf(request)), operatorOf(request).email);
    if (!saved.ok) throw badRequest(saved.msg);
    return { msg: `Advances adjusted against ${saved.invoice}: ${paiseToNumber(saved.adjusted).toFixed(2)}.` };
  });

  app.post(`/api/${unit.slug}/getadvances`, needsOnUnit('payments.read', unit.slug), async (request) => {
    const body = bodyOf(request);
    if (body.open !== undefined && typeof body.open !== 'boolean') throw badRequest('open must be true or false.');
    const clientName = optionalText(body, 'clientname')?.trim() || undefined;
    const advances = await storage.advances.list(unit.slug, { clientName, open: body.open === true });
    return { advances: advances.map(advanceAnswer) };
  });
}
