import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { billFigures, defaultProfile, isIsoDay, paiseOf, sellerStateCode, tallyLedgersOf, tallyReceipt, tallyVoucher, type TallyVoucher } from '../../engine/core';
import { needsOnUnit } from '../auth/access';
import { storedBill } from '../bills/shape';
import { bodyOf, optionalChoice } from '../http/body';
import { badRequest } from '../http/errors';
import { downloadDisposition } from '../http/pdf-reply';
import { printedSeller } from '../profile/seller';
import { advanceTypesOf, noteTypesOf, salesTypesOf } from '../reports/scope';
import { tallyXlsx } from '../tally/tally-xlsx';
import { tallyXmlLines } from '../tally/tally-xml';
import { noteAgainstPrint } from './notes';
import type { RouteContext } from './context';

/** The most documents one export holds: a busy month of a shop, and what Tally imports in one go. */
export const TALLY_DOCUMENTS_PER_FILE = 10_000;

/** Documents read and turned into vouchers between turns given to other calls: a month's export never holds the server. */
const DOCUMENTS_PER_TURN = 100;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `POST /api/{unit}/tallyexport { from, to, format? }` (issue 49): the unit's sales, notes, receipt vouchers and payments dated in the period as
 * a TallyPrime import file, one voucher each (core tally.ts), as XML (default) or as Excel (`format: "xlsx"`), with
 * the ledger names and the cancelled-bill choice of the unit's Business Profile.
 */
export function tallyRoutes(app: FastifyInstance, { registry, storage, reportSlot }: RouteContext): void {
  for (const unit of registry.units) {
    const types = [...salesTypesOf(registry, unit), ...noteTypesOf(registry, unit)];
    if (types.length === 0) continue;
    app.post(`/api/${unit.slug}/tallyexport`, { ...needsOnUnit('reports.read', unit.slug), preHandler: reportSlot }, async (request, reply) => {
      const body = bodyOf(request);
      const { from, to } = body;
      if (!isIsoDay(from) || !isIsoDay(to) || from > to) throw badRequest('Please provide from and to: days written like 2026-11-01, from not after to.');
      const format = optionalChoice(body, 'format', ['xml', 'xlsx'] as const) ?? 'xml';
      const seller = await printedSeller(storage, unit.slug);
      const profile = seller ?? defaultProfile(unit.letterhead);
      const ledgers = tallyLedgersOf(profile);
      const withCancelled = profile.tallyCancelled !== 'omit';
      const vouchers: { date: string; order: number; voucher: TallyVoucher }[] = [];
      for (const billType of types) {
        const { rows, total } = await storage.bills.list(unit.slug, billType.type, { from, to, sort: 'billno', order: 'asc', limit: TALLY_DOCUMENTS_PER_FILE + 1, withCancelled });
        if (total + vouchers.length > TALLY_DOCUMENTS_PER_FILE) throw badRequest(`A Tally export holds at most ${TALLY_DOCUMENTS_PER_FILE} documents: please choose a shorter period.`);
        for (let start = 0; start < rows.length; start += DOCUMENTS_PER_TURN) {
          await nextTurn();
          const page = rows.slice(start, start + DOCUMENTS_PER_TURN);
          const records = await storage.bills.byIds(page.map((row) => row.id));
          for (const row of page) {
            const record = records.get(row.id);
            if (!record) continue;
            const against = await noteAgainstPrint(registry, storage, billType, record);
            const figures = billFigures(billType, storedBill(billType, record), sellerStateCode(unit, seller));
            const voucher = tallyVoucher(
              { billType, date: record.billDate, number: record.printedNo, party: record.clientName, figures, cancelled: row.cancelled === true, ...(against && { against: against.number }) },
              ledgers,
            );
            vouchers.push({ date: record.billDate, order: vouchers.length, voucher });
          }
        }
      }
      // Advances taken on receipt vouchers (issue 46) as Receipt vouchers too: the money in, the party credited on
      // account under the voucher's number, to be set against the invoice that later takes it.
      for (const advanceType of advanceTypesOf(registry, unit)) {
        const { rows } = await storage.bills.list(unit.slug, advanceType.type, { from, to, sort: 'billno', order: 'asc', limit: TALLY_DOCUMENTS_PER_FILE + 1 });
        for (const row of rows) {
          if (vouchers.length % DOCUMENTS_PER_TURN === 0) await nextTurn();
          const record = await storage.bills.find({ unit: unit.slug, type: advanceType.type, billno: row.billno, fy: row.fy });
          if (!record) continue;
          const amount = paiseOf(billFigures(advanceType, storedBill(advanceType, record), sellerStateCode(unit, seller)).grandTotal.toFixed(2)) ?? 0;
          const document = { date: record.billDate, number: record.printedNo, party: record.clientName, amount, tds: 0, settles: [] };
          vouchers.push({ date: record.billDate, order: vouchers.length, voucher: tallyReceipt(document, ledgers) });
        }
      }
      // Payments received (issue 29) as Receipt vouchers, each naming the bills it settles.
      for (const payment of await storage.payments.list(unit.slug, { from, to })) {
        const settles = payment.allocations.map((allocation) => ({ name: allocation.printedNo, amount: allocation.amount }));
        const document = { date: payment.date, number: payment.printedNo, party: payment.clientName, amount: payment.amount, tds: payment.tds?.amount ?? 0, settles };
        vouchers.push({ date: payment.date, order: vouchers.length, voucher: tallyReceipt(document, ledgers) });
      }
      if (vouchers.length > TALLY_DOCUMENTS_PER_FILE) throw badRequest(`A Tally export holds at most ${TALLY_DOCUMENTS_PER_FILE} documents: please choose a shorter period.`);
      // In date order, as a day book reads; a day's vouchers as listed (sales, notes, then payments, each by number).
      const sorted = vouchers.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order).map((entry) => entry.voucher);
      const name = `Tally_${unit.slug}_${from}_${to}.${format}`;
      reply.header('Content-Disposition', downloadDisposition(name));
      if (format === 'xlsx') return reply.type(XLSX_TYPE).send(await tallyXlsx(sorted));
      return reply.type('application/xml; charset=utf-8').send(Readable.from(tallyXmlLines(sorted)));
    });
  }
}
