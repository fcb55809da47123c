import type { FastifyInstance } from 'fastify';
import { checkIrnReply, defaultProfile, eInvoiceDocument, hasEInvoice, type BillType } from '../../engine/core';
import { operatorOf } from '../auth/authenticate';
import { billTypeFrom, bodyOf, type Body } from '../http/body';
import { badRequest } from '../http/errors';
import { printedSeller } from '../profile/seller';
import { ewaySource, sellerParty } from '../registrations/eway-source';
import { billRefFrom } from './bill-ref';
import { billNotFound } from './common-bills';
import type { RouteContext } from './context';
import { noteAgainstPrint } from './notes';

/**
 * `POST /api/{unit}/einvoice { billtype, billno, fy? }` (issue 33): the bill as the IRP's INV-01 (version 1.1)
 * document, for the B2B types (core hasEInvoice), or 400 naming what is missing.
 */
export function eInvoiceRoutes(app: FastifyInstance, { registry, storage }: RouteContext): void {
  const units = registry.units.filter((unit) => registry.billTypes.some((billType) => billType.unit === unit.slug && hasEInvoice(billType)));
  for (const unit of units) {
    const eInvoiceType = (body: Body): BillType => {
      const billType = billTypeFrom(registry, body);
      if (billType.unit !== unit.slug || !hasEInvoice(billType)) throw badRequest(`${billType.menuLabel} has no e-invoice: only GST invoices and notes to registered buyers do.`);
      return billType;
    };

    app.post(`/api/${unit.slug}/einvoice`, async (request) => {
      const body = bodyOf(request);
      const billType = eInvoiceType(body);
      const ref = billRefFrom(billType, body);
      const record = await storage.bills.find(ref);
      if (!record) throw billNotFound(ref);
      const seller = await sellerParty(storage, billType);
      const source = await ewaySource(storage, billType, record, seller);
      const profile = (await printedSeller(storage, unit.slug)) ?? defaultProfile(unit.letterhead);
      const against = await noteAgainstPrint(registry, storage, billType, record);
      const result = eInvoiceDocument({
        billType,
        docNo: source.docNo,
        date: source.date,
        seller: { ...seller, contact: profile.contact, email: profile.email, bankName: profile.bankName, accountNumber: profile.accountNumber, ifsc: profile.ifsc },
        buyer: source.buyer,
        figures: source.figures,
        ...(against && { against: { number: against.number, date: against.date } }),
      });
      if (!result.ok) throw badRequest(`${result.missing.join('. ')}.`);
      return result.document;
    });

    // The IRP's answer typed back (audited); the PDF prints the IRN, acknowledgement and signed QR from then on.
    app.post(`/api/${unit.slug}/saveirn`, async (request) => {
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
