import type { FastifyInstance } from 'fastify';
import { needsOnUnit } from '../auth/access';
import { checkEwayBillReply, clientGap, EWAY_BILL_JSON_VERSION, ewayBillEntry, ewayBillNotice, hasEwayBill, isIsoDay, type BillType, type ClientGap, type EwayBillEntry, type Registry } from '../../engine/core';
import { billTypeFrom, bodyOf, type Body } from '../http/body';
import type { BillRecord } from '../storage';
import { operatorOf } from '../auth/authenticate';
import { badRequest } from '../http/errors';
import { ewaySource, sellerParty } from '../registrations/eway-source';
import { billRefFrom } from './bill-ref';
import { billNotFound } from './common-bills';
import type { RouteContext } from './context';

/** The most bills one e-way bill file holds (the portal's bulk upload takes files of a few MB). */
export const EWAY_BILLS_PER_FILE = 200;

/** The bills of a period read to find those over their limit: a month of a busy shop. */
const MAX_PERIOD_BILLS = 5000;

interface StoredBill {
  billType: BillType;
  record: BillRecord;
}

/** The bills a call names: `bills: [{ billtype, billno, fy? }]`, each of this unit and a type with e-way bills. */
function namedBills(registry: Registry, unit: string, body: Body): { billType: BillType; item: Body }[] {
  const { bills } = body;
  if (!Array.isArray(bills) || bills.length === 0) throw badRequest('Please provide bills: a list of { billtype, billno, fy }.');
  if (bills.length > EWAY_BILLS_PER_FILE) throw badRequest(`An e-way bill file holds at most ${EWAY_BILLS_PER_FILE} bills.`);
  return bills.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw badRequest('Each of bills must be an object { billtype, billno, fy }.');
    const billType = billTypeFrom(registry, item as Body);
    if (billType.unit !== unit || !hasEwayBill(billType)) throw badRequest(`${billType.menuLabel} has no e-way bill: only GST goods bills do.`);
    return { billType, item: item as Body };
  });
}

/**
 * `POST /api/{unit}/ewaybill { bills }` (issue 33): the e-way bill portal's bulk-upload file of the bills named,
 * or 400 naming everything still missing (every bill's, each message once) so it can all be filled in at once.
 * `{ from, to }` instead: every bill of the unit dated in the period whose goods need an e-way bill (over their
 * route's limit, as its save said).
 */
export function ewayBillRoutes(app: FastifyInstance, { registry, storage, today }: RouteContext): void {
  const units = registry.units.filter((unit) => registry.billTypes.some((billType) => billType.unit === unit.slug && hasEwayBill(billType)));
  for (const unit of units) {
    app.post(`/api/${unit.slug}/ewaybill`, needsOnUnit('exports.read', unit.slug), async (request, reply) => {
      const body = bodyOf(request);
      const bills = body.from !== undefined || body.to !== undefined ? await billsOfPeriod(unit.slug, body) : await billsNamed(unit.slug, body);
      const entries: EwayBillEntry[] = [];
      const missing = new Set<string>();
      const clients = new Map<string, ClientGap>();
      const day = today();
      for (const { billType, record } of bills) {
        const source = await ewaySource(storage, billType, record, await sellerParty(storage, billType));
        const result = ewayBillEntry(source, day);
        if (result.ok) entries.push(result.entry);
        else result.missing.forEach((message) => missing.add(message));
        const gap = result.ok ? undefined : clientGap(source);
        if (gap) clients.set(gap.name, gap);
      }
      // Each thing missing said once, in the words of the core's messages, so all of it can be filled in at once;
      // the clients lacking a place or pincode also as data, for the screen to offer filling them in there.
      if (missing.size > 0) return reply.code(400).send({ msg: `${[...missing].join('. ')}.`, ...(clients.size > 0 && { clients: [...clients.values()] }) });
      return { version: EWAY_BILL_JSON_VERSION, billLists: entries };
    });

    async function billsNamed(unitSlug: string, body: Body): Promise<StoredBill[]> {
      const bills: StoredBill[] = [];
      const seen = new Set<string>();
      for (const { billType, item } of namedBills(registry, unitSlug, body)) {
        const ref = billRefFrom(billType, item);
        const record = await storage.bills.find(ref);
        if (!record) throw billNotFound(ref);
        const key = `${record.type}:${record.fy}:${record.billno}`;
        if (seen.has(key)) throw badRequest(`${billType.pdf.numberLabel} ${record.printedNo} is named twice.`);
        seen.add(key);
        bills.push({ billType, record });
      }
      return bills;
    }

    async function billsOfPeriod(unitSlug: string, { from, to }: Body): Promise<StoredBill[]> {
      if (!isIsoDay(from) || !isIsoDay(to) || from > to) throw badRequest('Please provide from and to: days written like 2026-11-01, from not after to.');
      const bills: StoredBill[] = [];
      for (const billType of registry.billTypes.filter((type) => type.unit === unitSlug && hasEwayBill(type))) {
        const seller = await sellerParty(storage, billType);
        const { rows, total } = await storage.bills.list(unitSlug, billType.type, { from, to, sort: 'billno', order: 'asc', limit: MAX_PERIOD_BILLS });
        if (total > MAX_PERIOD_BILLS) throw badRequest(`A period of more than ${MAX_PERIOD_BILLS} bills is too long for one e-way bill file: please choose a shorter one.`);
        for (const row of rows) {
          const record = await storage.bills.find({ unit: unitSlug, type: billType.type, billno: row.billno, fy: row.fy });
          if (!record) continue;
          const { figures } = await ewaySource(storage, billType, record, seller);
          if (ewayBillNotice(billType, figures, seller.stateCode) !== undefined) bills.push({ billType, record });
        }
      }
      if (bills.length > EWAY_BILLS_PER_FILE) throw badRequest(`An e-way bill file holds at most ${EWAY_BILLS_PER_FILE} bills: please choose a shorter period.`);
      return bills;
    }

    // The portal's answer typed back (audited); the bill's PDF prints it from then on.
    app.post(`/api/${unit.slug}/saveewb`, needsOnUnit('bills.register', unit.slug), async (request) => {
      const body = bodyOf(request);
      const billType = billTypeFrom(registry, body);
      if (billType.unit !== unit.slug || !hasEwayBill(billType)) throw badRequest(`${billType.menuLabel} has no e-way bill: only GST goods bills do.`);
      const checked = checkEwayBillReply(body);
      if (!checked.ok) throw badRequest(checked.msg);
      const ref = billRefFrom(billType, body);
      const record = await storage.bills.find(ref);
      if (!record) throw billNotFound(ref);
      await storage.registrations.save(record, 'ewb', { ...checked.reply }, operatorOf(request).email);
      return { msg: `E-Way Bill No. ${checked.reply.ewbNo} saved for ${billType.pdf.numberLabel} ${record.printedNo}.` };
    });
  }
}
