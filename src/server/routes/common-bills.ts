import type { FastifyInstance } from 'fastify';
import { needsOnBillType } from '../auth/access';
import { datedToday } from './dated-today';
import {
  financialYearLabel,
  financialYearOf,
  GRAND_TOTAL_KEY,
  lookupTable,
  paiseToNumber,
  PRINTED_NUMBER_KEY,
  BILL_YEAR_KEY,
  STORED_BILL_NUMBER,
  type BillBalance,
  type BillType,
} from '../../engine/core';
import { MAX_COPIES } from '../../pdf';
import { operatorOf } from '../auth/authenticate';
import { printExtras } from '../bills/print-extras';
import { storedBill } from '../bills/shape';
import { billTypeFrom, type Body, bodyOf, optionalBoolean, optionalChoice, optionalDay, optionalInteger, optionalText } from '../http/body';
import { badRequest, notFound } from '../http/errors';
import { sendPdf } from '../http/pdf-reply';
import { printedSeller } from '../profile/seller';
import { NoteRefusedError } from '../storage';
import type { BillListRow, ListQuery, ListSort } from '../storage/bills';
import { StockConfirmError, StockRefusedError } from '../storage/stock-bills';
import type { RouteContext } from './context';
import { billName, billRefFrom, currentFinancialYear, optionalFinancialYear } from './bill-ref';
import { CONVERTED_TO, convertedToOf, yearAndNumber } from './converted-to';
import { listNotes, refuseDeleteWithNotes } from './notes';
import { refuseDeleteOfUsedAdvance } from './advances';
import { balanceAnswer, listBalances, statusFilterFrom } from './list-balances';

const PAGING_FIELDS = ['search', 'sort', 'order', 'offset', 'limit', 'from', 'to', 'fy', 'status', 'cancelled'];

/** What a cancelled (deleted) bill's PDF is stamped with. */
export const CANCELLED_STAMP = 'CANCELLED';

export const MAX_PAGE_SIZE = 1000;

/**
 * The keys of a list row (spec 3: billno, date, clientname), by role: `billno` for the number, the date's and
 * the client name's own field names for the others. The same keys name the columns `sort` accepts.
 */
function listKeys(billType: BillType): Record<ListSort, string> {
  return { billno: STORED_BILL_NUMBER, billDate: billType.roles.billDate.name, clientName: billType.roles.clientName.name };
}

function listRowAnswer(keys: Record<ListSort, string>, row: BillListRow, paged: boolean): Record<string, unknown> {
  const answer = { [keys.billno]: row.billno, [keys.billDate]: row.billDate, [keys.clientName]: row.clientName };
  if (!paged) return answer;
  return {
    ...answer,
    [BILL_YEAR_KEY]: financialYearLabel(row.fy),
    [PRINTED_NUMBER_KEY]: row.printedNo,
    [GRAND_TOTAL_KEY]: row.grandTotal === null || row.grandTotal === undefined ? null : paiseToNumber(row.grandTotal),
    ...(row.cancelled && { cancelled: true }),
  };
}

/** The optional paging and search of `common/getbill`; undefined for the plain spec call. */
function listQueryFrom(body: Body, keys: Record<ListSort, string>): ListQuery | undefined {
  if (!PAGING_FIELDS.some((field) => body[field] !== undefined && body[field] !== null)) return undefined;
  const sortByKey = lookupTable(Object.entries(keys).map(([sort, key]) => [key, sort as ListSort] as const));
  const sort = optionalChoice(body, 'sort', Object.keys(sortByKey));
  return {
    search: optionalText(body, 'search'),
    sort: sort === undefined ? undefined : sortByKey[sort],
    order: optionalChoice(body, 'order', ['asc', 'desc'] as const),
    offset: optionalInteger(body, 'offset', 0, Number.MAX_SAFE_INTEGER),
    limit: optionalInteger(body, 'limit', 1, MAX_PAGE_SIZE),
    from: optionalDay(body, 'from'),
    to: optionalDay(body, 'to'),
    fy: optionalFinancialYear(body),
    withCancelled: optionalBoolean(body, 'cancelled'),
  };
}

/** A delete or restore that would leave a bill below its credit notes (a debit note's, a credit note's): 400 {msg}. */
async function refusedNotesAsBadRequest<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } catch (error) {
    if (error instanceof NoteRefusedError) throw badRequest(error.message);
    throw error;
  }
}

/** A cancel that would take back a returned piece sold again since (stock-ledger removeMovements): 400 {msg}. */
async function stockRefusalAsBadRequest<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } catch (error) {
    if (error instanceof StockRefusedError) throw badRequest(error.message);
    throw error;
  }
}

export const billNotFound = (ref: { billno: number; fy?: number }) => notFound(`${billName(ref)} not found.`);

/** `/api/common/*` bill calls of spec 7: next number, list, delete, PDF. Each names its bill type. */
export function commonBillRoutes(app: FastifyInstance, { registry, storage, renderPdf }: RouteContext): void {
  // The last number used in the year of `date` (default today) when the type's series restarts every year.
  app.post('/api/common/getbillno', needsOnBillType('bills.read'), async (request) => {
    const body = bodyOf(request);
    const billType = billTypeFrom(registry, body);
    const date = optionalDay(body, 'date');
    const fy = date === undefined ? currentFinancialYear() : financialYearOf(date);
    const series = await storage.series.formatOf(billType.unit, billType.type);
    const billno = await storage.bills.highestNumber(billType.unit, billType.type, fy, series);
    return { billno: { billno } };
  });

  app.post('/api/common/getbill', needsOnBillType('bills.read'), async (request) => {
    const body = bodyOf(request);
    const billType = billTypeFrom(registry, body);
    const keys = listKeys(billType);
    const query = listQueryFrom(body, keys);
    const statuses = billType.countsAsSales ? statusFilterFrom(body) : undefined;
    let { rows, total } = await storage.bills.list(billType.unit, billType.type, statuses ? { ...query, offset: undefined, limit: undefined } : query);
    // Balances are derived (payments, notes, the client's credit days), so a status filter reads the whole list.
    let balances = query ? await listBalances(storage, billType, rows) : new Map<number, BillBalance>();
    if (statuses) {
      const matching = rows.filter((row) => statuses.includes(balances.get(row.id ?? 0)?.status ?? 'paid'));
      const offset = query?.offset ?? 0;
      rows = matching.slice(offset, query?.limit === undefined ? undefined : offset + query.limit);
      total = matching.length;
      balances = new Map(rows.map((row) => [row.id ?? 0, balances.get(row.id ?? 0)!]));
    }
    const converted = await convertedToOf(storage, billType, rows);
    // A page's rows name their credit and debit notes (issue 28); the whole list of spec 7 stays as it was.
    const notes = query ? await listNotes(registry, storage, billType, rows) : new Map();
    const bill = rows.map((row) => {
      const convertedTo = converted.get(yearAndNumber(row));
      const rowNotes = notes.get(`${row.fy}/${row.billno}`);
      return {
        ...listRowAnswer(keys, row, query !== undefined),
        ...balanceAnswer(balances.get(row.id ?? 0)),
        ...(convertedTo && { [CONVERTED_TO]: convertedTo }),
        ...(rowNotes && { notes: rowNotes }),
      };
    });
    return query ? { bill, total } : { bill };
  });

  app.post('/api/common/deletebill', needsOnBillType('bills.delete', { narrower: datedToday(registry, storage) }), async (request) => {
    const body = bodyOf(request);
    const billType = billTypeFrom(registry, body);
    const ref = billRefFrom(billType, body);
    await refuseDeleteWithNotes(registry, storage, billType, ref);
    const record = await storage.bills.find(ref);
    if (record) await refuseDeleteOfUsedAdvance(storage, billType, record, (type) => registry.byType(type)?.menuLabel ?? type, record.printedNo);
    if (!(await stockRefusalAsBadRequest(refusedNotesAsBadRequest(storage.bills.softDelete(ref, operatorOf(request).email))))) throw billNotFound(ref);
    // A cancel keeps the bill under its number (restorebill): the operator is told what happened, not spec 7's "deleted".
    return { msg: `Bill No. ${ref.billno} ${billType.cancelsOnDelete ? 'cancelled' : 'deleted'}` };
  });

  // A cancelled bill (x-bill.kind sale on a GST unit) comes back from the trash under its own number.
  app.post('/api/common/restorebill', needsOnBillType('bills.restore'), async (request, reply) => {
    const body = bodyOf(request);
    const billType = billTypeFrom(registry, body);
    const ref = billRefFrom(billType, body);
    let restored: boolean;
    try {
      restored = await refusedNotesAsBadRequest(storage.trash.restore(ref, operatorOf(request).email, body.confirmstock === true));
    } catch (error) {
      // Its goods go out of stock again: a serial sold meanwhile is refused, a shortage asked about as on a save.
      if (error instanceof StockRefusedError) throw badRequest(error.message);
      if (error instanceof StockConfirmError) return reply.code(409).send({ msg: error.message, confirm: 'stock', short: error.short });
      throw error;
    }
    if (!restored) throw notFound(`${billName(ref)} is not cancelled.`);
    return { msg: `Bill No. ${ref.billno} restored` };
  });

  // A cancelled bill still prints, stamped CANCELLED; other deleted bills are gone from here as before.
  app.post('/api/common/showpdf', needsOnBillType('bills.read'), async (request, reply) => {
    const body = bodyOf(request);
    const billType = billTypeFrom(registry, body);
    const ref = billRefFrom(billType, body);
    const copies = optionalInteger(body, 'copies', 1, MAX_COPIES);
    const live = await storage.bills.find(ref);
    const record = live ?? (billType.cancelsOnDelete ? await storage.bills.findCancelled(ref) : undefined);
    if (!record) throw billNotFound(ref);
    const bill = storedBill(billType, record);
    const profile = await printedSeller(storage, billType.unit);
    const stamp = live ? undefined : CANCELLED_STAMP;
    const extras = await printExtras(registry, storage, billType, record);
    return sendPdf(reply, await renderPdf(billType, bill, operatorOf(request).email, { profile, copies, stamp, ...extras }), billType, bill);
  });
}
