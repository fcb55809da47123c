import type { FastifyInstance } from 'fastify';
import { needsOnUnit } from '../auth/access';
import {
  billFigures,
  ewayBillNotice,
  financialYearLabel,
  financialYearOf,
  normalizeBill,
  PRINTED_NUMBER_KEY,
  printedBillNumber,
  sellerStateCode,
  toStoredBill,
  validateBill,
  type BillType,
  type EwayBillReply,
  type IrnReply,
  type Registry,
  type StoredBill,
} from '../../engine/core';
import { operatorOf } from '../auth/authenticate';
import { catalogLinesOf } from '../bills/catalog-lines';
import { recordOf, storedBill } from '../bills/shape';
import { billTypeFrom, bodyOf, type Body } from '../http/body';
import { badRequest, HttpError, notFound } from '../http/errors';
import { sendPdf } from '../http/pdf-reply';
import { NoteRefusedError, type BillExtras, type BillRecord, type Storage } from '../storage';
import type { BillRef } from '../storage/bills';
import { printedSeller } from '../profile/seller';
import { billNotFound } from './common-bills';
import { billRefFrom, optionalFinancialYear } from './bill-ref';
import { CONVERTED_TO, convertedToOf, yearAndNumber } from './converted-to';
import type { RouteContext } from './context';
import { noteFields, noteSave } from './notes';
import { advanceFields } from './advances';
import { refundSave } from './refunds';
import { RefundRefusedError } from '../storage/advances';
import { StockConfirmError, StockRefusedError, type BillStockWrite } from '../storage/stock-bills';
import { billStockLines, withSerials } from '../stock/bill-stock-lines';
import { stockedCatalogOfLines, stockWayOf } from '../stock/stock-catalogs';

/** The save answer's header saying an e-way bill is needed (URI-encoded: it names the rupee). */
export const EWAY_BILL_NOTICE_HEADER = 'x-ewb-notice';

/** The save answer's header listing what an `allow` unit sold beyond stock (URI-encoded JSON `[{product, left, wanted}]`). */
export const STOCK_WARNINGS_HEADER = 'x-stock-warnings';

/** What a bill's stocked lines move (issue 48), or undefined for a bill type that moves no stock. */
function stockWrite(registry: Registry, billType: BillType, record: BillRecord, body: Body): BillStockWrite | undefined {
  const way = stockWayOf(registry, billType);
  if (!way) return undefined;
  const lines = billStockLines(registry, billType, record.lines);
  return { unit: billType.unit, way, catalog: stockedCatalogOfLines(registry, billType)!.name, date: record.billDate, lines, confirmed: body.confirmstock === true, warnings: [] };
}

/** The bill types behind each `/api/{unit}/{endpoint}`, read from the schemas' `x-bill.endpoints`. */
function endpointsOf(registry: Registry, kind: 'create' | 'get'): Map<string, BillType[]> {
  const byPath = new Map<string, BillType[]>();
  for (const billType of registry.billTypes) {
    const path = kind === 'create' ? billType.createPath : billType.getPath;
    byPath.set(path, [...(byPath.get(path) ?? []), billType]);
  }
  return byPath;
}

function typeFor(registry: Registry, body: Body, field: string, accepted: BillType[], path: string): BillType {
  const billType = billTypeFrom(registry, body, field);
  if (!accepted.includes(billType)) {
    throw badRequest(`${billType.menuLabel} (${billType.type}) is not handled by ${path}; use ${billType.createPath}.`);
  }
  return billType;
}

/**
 * An optional `convertfrom: {billtype, billno, fy?}` on a create: the quotation this bill converts
 * (spec 4). The quotation stays; the audit log records a conversion instead of a plain create.
 */
function conversionSource(registry: Registry, body: Body, target: BillType): BillRef | undefined {
  const from = body.convertfrom;
  if (from === undefined || from === null) return undefined;
  if (typeof from !== 'object' || Array.isArray(from))
    throw badRequest('convertfrom must be an object {billtype, billno}.');
  const source = billTypeFrom(registry, from as Body);
  if (source.convertsTo !== target.type)
    throw badRequest(`${source.menuLabel} does not convert to ${target.menuLabel}.`);
  return billRefFrom(source, from as Body);
}

/**
 * The year a save's bill belongs to: its date's. An update names the bill's year with `fy` when it is not
 * this one; its date may not leave that year, where the number means another bill.
 */
function yearOfSave(body: Body, bill: StoredBill, billType: BillType): number {
  const fy = financialYearOf(String(bill[billType.roles.billDate.name]));
  const named = optionalFinancialYear(body);
  if (named !== undefined && named !== fy) {
    throw badRequest(
      `Bill No. ${bill.billno} is of financial year ${financialYearLabel(named)}: its date must stay within that year ` +
        `(a date in ${financialYearLabel(fy)} belongs to another bill of that number).`,
    );
  }
  return fy;
}

/**
 * The number the bill prints: an update keeps the one it was created with; a create fills in its unit's
 * series for its type. Refused when an updated bill is not there.
 */
async function printedNumberFor(
  storage: Storage,
  billType: BillType,
  method: 'create' | 'update',
  bill: StoredBill,
  fy: number,
  named: number | undefined,
): Promise<string> {
  if (method === 'update') {
    const existing = await storage.bills.find({ unit: billType.unit, type: billType.type, billno: bill.billno, fy });
    if (!existing) throw billNotFound({ billno: bill.billno, fy: named });
    return existing.printedNo;
  }
  return printedBillNumber(await storage.series.formatOf(billType.unit, billType.type), bill.billno, fy);
}

/**
 * Stores a create or an update in one transaction, or throws the answer that says why it was not stored.
 * Every line's product and service goes into its saved list in that transaction, so autocomplete knows
 * everything ever billed (the grid saves a line's names only when a row is added after it).
 */
async function save(
  registry: Registry,
  billType: BillType,
  storage: Storage,
  method: 'create' | 'update',
  record: BillRecord,
  operator: string,
  from: BillRef | undefined,
  extras: BillExtras,
): Promise<void> {
  const withCatalog: BillExtras = { ...extras, catalogEntries: catalogLinesOf(registry, billType, record.lines) };
  if (method === 'update') {
    if (!(await storage.bills.update(record, operator, withCatalog))) throw billNotFound(record);
    return;
  }
  const format = await storage.series.formatOf(billType.unit, billType.type);
  const outcome = await storage.bills.create(record, operator, format, from, withCatalog);
  if (outcome === 'cancelled' && billType.cancelsOnDelete) {
    throw new HttpError(409, `Bill No. ${record.billno} was cancelled; bill numbers are never reused. Please use the next number.`);
  }
  if (outcome === 'duplicate' || outcome === 'cancelled') {
    throw new HttpError(
      409,
      `Bill No. ${record.billno} already exists; bill numbers are never reused. Please use the next number.`,
    );
  }
  if (outcome === 'source-missing' && from) {
    throw notFound(`${registry.byType(from.type)?.menuLabel ?? 'Bill'} No. ${from.billno}${from.fy === undefined ? '' : ` of ${financialYearLabel(from.fy)}`} not found.`);
  }
}

/** `/api/{unit}/getbill` and the create endpoints (createbill, createtaxservice ...) of every unit. */
export function unitBillRoutes(app: FastifyInstance, { registry, storage, renderPdf }: RouteContext): void {
  for (const [path, accepted] of endpointsOf(registry, 'get')) {
    app.post(path, needsOnUnit('bills.read', accepted[0].unit), async (request) => {
      const body = bodyOf(request);
      const billType = typeFor(registry, body, 'billtype', accepted, path);
      const ref = billRefFrom(billType, body);
      const record = await storage.bills.find(ref);
      if (!record) throw billNotFound(ref);
      const convertedTo = (await convertedToOf(storage, billType, [record])).get(yearAndNumber(record));
      const notes = await noteFields(registry, storage, billType, record);
      const advances = await advanceFields(storage, billType, record);
      return { bill: { ...storedBill(billType, record), ...(convertedTo && { [CONVERTED_TO]: convertedTo }), ...notes, ...advances } };
    });
  }

  for (const [path, accepted] of endpointsOf(registry, 'create')) {
    app.post(path, needsOnUnit('bills.write', accepted[0].unit), async (request, reply) => {
      const body = bodyOf(request);
      const billType = typeFor(registry, body, 'type', accepted, path);
      if (body.method !== 'create' && body.method !== 'update')
        throw badRequest('method must be "create" or "update".');
      const checked = validateBill(registry, billType, body);
      if (!checked.ok) throw badRequest(checked.msg);
      const from = body.method === 'create' ? conversionSource(registry, body, billType) : undefined;
      const note = billType.note ? await noteSave(registry, storage, billType, body) : undefined;
      const refund = billType.refund ? await refundSave(registry, storage, billType, body) : undefined;
      const buyer = note?.buyer ?? refund?.buyer;

      const normalized = toStoredBill(billType, normalizeBill(billType, buyer ? { ...body, ...buyer } : body));
      const rowsKey = billType.rowsField.name;
      normalized[rowsKey] = withSerials(registry, billType, body[rowsKey], normalized[rowsKey]);
      const fy = yearOfSave(body, normalized, billType);
      const printed = await printedNumberFor(storage, billType, body.method, normalized, fy, optionalFinancialYear(body));
      const bill = { ...normalized, [PRINTED_NUMBER_KEY]: printed };
      const record = recordOf(billType, bill);
      // Rendered before anything is stored: a bill the renderer cannot print is refused whole (500,
      // nothing saved) instead of being saved behind an error the operator would retry into a 409.
      const profile = await printedSeller(storage, billType.unit);
      // An updated bill keeps printing the e-way bill and IRN typed back for it (issue 33).
      const { ewb, irn } = body.method === 'update' ? await storage.registrations.find(record) : {};
      const registered = { ewayBill: ewb as EwayBillReply | undefined, irn: irn as IrnReply | undefined };
      const pdf = await renderPdf(billType, bill, operatorOf(request).email, { profile, against: note?.print ?? refund?.print, ...registered });
      const sellerState = sellerStateCode(billType.unitInfo, profile);
      const stock = stockWrite(registry, billType, record, body);
      const extras = { figures: billFigures(billType, bill, sellerState), note: note?.write, refund: refund?.write, stock };
      try {
        await save(registry, billType, storage, body.method, record, operatorOf(request).email, from, extras);
      } catch (error) {
        if (error instanceof NoteRefusedError || error instanceof RefundRefusedError || error instanceof StockRefusedError) throw badRequest(error.message);
        // The unit asks before selling beyond stock: the app sends the same body again with confirmstock (as payments' confirmtds).
        if (error instanceof StockConfirmError) return reply.code(409).send({ msg: error.message, confirm: 'stock', short: error.short });
        throw error;
      }
      if (stock?.warnings.length) reply.header(STOCK_WARNINGS_HEADER, encodeURIComponent(JSON.stringify(stock.warnings)));
      // Issue 33: goods over their route's limit need an e-way bill before they move; the screen shows it.
      const notice = ewayBillNotice(billType, extras.figures, sellerState);
      if (notice) reply.header(EWAY_BILL_NOTICE_HEADER, encodeURIComponent(notice));
      return sendPdf(reply, pdf, billType, bill);
    });
  }
}
