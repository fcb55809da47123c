import type { FastifyInstance } from 'fastify';
import { needsOnUnit } from '../auth/access';
import { billFigures, checkIrnReply, defaultProfile, eInvoiceDocument, hasEInvoice, isIsoDay, lateReportingNotice, type BillType } from '../../engine/core';
import { storedBill } from '../bills/shape';
import type { BillRecord } from '../storage';
import { operatorOf } from '../auth/authenticate';
import { billTypeFrom, bodyOf, type Body } from '../http/body';
import { badRequest } from '../http/errors';
import { printedSeller } from '../profile/seller';
import { ewaySource, sellerParty } from '../registrations/eway-source';
import { billRefFrom } from './bill-ref';
import { billNotFound } from './common-bills';
import type { RouteContext } from './context';
import { noteAgainstPrint } from './notes';

/** The most documents a period's file holds. */
export const E_INVOICES_PER_FILE = 500;

/** The header an export's warnings travel in (URL-encoded), beside the documents the IRP takes unchanged. */
export const E_INVOICE_NOTICE_HEADER = 'x-einvoice-notice';
/** The late documents a notice names before it only counts the rest. */
const NOTICES_NAMED = 3;

function noticeOf(notices: string[]): string {
  const rest = notices.length - NOTICES_NAMED;
  return [...notices.slice(0, NOTICES_NAMED), ...(rest > 0 ? [`And ${rest} more.`] : [])].join(' ');
}

/**
 * `POST /api/{unit}/einvoice { billtype, billno, fy? }` (issue 33): the bill as the IRP's INV-01 (version 1.1)
 * document, for the B2B types (core hasEInvoice), or 400 naming what is missing.
 */
export function eInvoiceRoutes(app: FastifyInstance, { registry, storage, today }: RouteContext): void {
  const units = registry.units.filter((unit) => registry.billTypes.some((billType) => billType.unit === unit.slug && hasEInvoice(billType)));
  for (const unit of units) {
    const eInvoiceType = (body: Body): BillType => {
      const billType = billTypeFrom(registry, body);
      if (billType.unit !== unit.slug || !hasEInvoice(billType)) throw badRequest(`${billType.menuLabel} has no e-invoice: only GST invoices and notes to registered buyers do.`);
      return billType;
    };

    /** One bill's document, or what it still needs; `late` gathers the warnings of documents reported late. */
    const documentOf = async (billType: BillType, record: BillRecord, late: string[]) => {
      const seller = await sellerParty(storage, billType);
      const source = await ewaySource(storage, billType, record, seller);
      const profile = (await printedSeller(storage, unit.slug)) ?? defaultProfile(unit.letterhead);
      const against = await noteAgainstPrint(registry, storage, billType, record);
      const notice = profile.einvoicing === 'large' ? lateReportingNotice(billType, source.docNo, source.date, today()) : undefined;
      if (notice) late.push(notice);
      return eInvoiceDocument({
        billType,
        bill: source.bill,
        docNo: source.docNo,
        date: source.date,
        seller: { ...seller, contact: profile.contact, email: profile.email, bankName: profile.bankName, accountNumber: profile.accountNumber, ifsc: profile.ifsc },
        buyer: source.buyer,
        figures: source.figures,
        ...(against && { against: { number: against.number, date: against.date } }),
      });
    };

    app.post(`/api/${unit.slug}/einvoice`, needsOnUnit('exports.read', unit.slug), async (request, reply) => {
      const body = bodyOf(request);
      const late: string[] = [];
      const answer = body.from !== undefined || body.to !== undefined ? await periodDocuments(body, late) : await oneDocument(body, late);
      if (late.length > 0) void reply.header(E_INVOICE_NOTICE_HEADER, encodeURIComponent(noticeOf(late)));
      return answer;
    });

    async function oneDocument(body: Body, late: string[]) {
      const billType = eInvoiceType(body);
      const ref = billRefFrom(billType, body);
      const record = await storage.bills.find(ref);
      if (!record) throw billNotFound(ref);
      const result = await documentOf(billType, record, late);
      if (!result.ok) throw badRequest(`${result.missing.join('. ')}.`);
      return result.document;
    }

    /** `{ from, to }`: every B2B bill and note of the unit dated in the period, as the IRP's bulk upload takes them. */
    async function periodDocuments(body: Body, late: string[]) {
      const { from, to } = body;
      if (!isIsoDay(from) || !isIsoDay(to) || from > to) throw badRequest('Please provide from and to: days written like 2026-11-01, from not after to.');
      const documents: Record<string, unknown>[] = [];
      const missing = new Set<string>();
      for (const billType of registry.billTypes.filter((type) => type.unit === unit.slug && hasEInvoice(type))) {
        const { rows, total } = await storage.bills.list(unit.slug, billType.type, { from, to, sort: 'billno', order: 'asc', limit: E_INVOICES_PER_FILE + 1 });
        if (total + documents.length > E_INVOICES_PER_FILE) throw badRequest(`A period holds at most ${E_INVOICES_PER_FILE} e-invoices: please choose a shorter one.`);
        for (const row of rows) {
          const record = await storage.bills.find({ unit: unit.slug, type: billType.type, billno: row.billno, fy: row.fy });
          // A bill to a buyer without a GSTIN is B2C: no e-invoice.
          if (!record || !billFigures(billType, storedBill(billType, record)).buyerGstin) continue;
          const result = await documentOf(billType, record, late);
          if (result.ok) documents.push(result.document);
          else result.missing.forEach((message) => missing.add(message));
        }
      }
      if (missing.size > 0) throw badRequest(`${[...missing].join('. ')}.`);
      return documents;
    }

    // Whether a bill has an IRN (its edit screen asks before a change): the IRN and acknowledgement, or null.
    app.post(`/api/${unit.slug}/getirn`, needsOnUnit('bills.read', unit.slug), async (request) => {
      const body = bodyOf(request);
      const billType = eInvoiceType(body);
      const ref = billRefFrom(billType, body);
      const record = await storage.bills.find(ref);
      if (!record) throw billNotFound(ref);
      const { irn } = await storage.registrations.find(record);
      return { irn: irn ? { Irn: irn.Irn, AckNo: irn.AckNo, AckDt: irn.AckDt } : null };
    });

    // The IRP's answer typed back (audited); the PDF prints the IRN, acknowledgement and signed QR from then on.
    app.post(`/api/${unit.slug}/saveirn`, needsOnUnit('bills.register', unit.slug), async (request) => {
      const body = bodyOf(request);
      const billType = eInvoiceType(body);
      const checked = checkIrnReply(body);
      if (!checked.ok) throw badRequest(checked.msg);
      const ref = billRefFrom(billType, body);
      const record = await storage.bills.find(ref);
      if (!record) throw billNotFound(ref);
      await storage.registrations.save(record, 'irn', { ...checked.reply }, operatorOf(request).email);
      return { msg: `IRN saved for ${billType.pdf.numberLabel} ${record.printedNo}.` };
    });
  }
}
