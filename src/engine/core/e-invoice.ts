import type { BillFigures } from './bill-figures';
import { daysBetween } from './balance';
import type { BusinessProfile } from './business-profile';
import { slashDate, type EwayParty } from './eway-bill';
import { invoiceLines, type InvoiceLine } from './invoice-lines';
import { UQC_NOT_APPLICABLE } from './units-of-measure';
import { toDecimal, type Money } from './money';
import type { BillType, BillTypeEntry } from './registry/types';
import type { Row } from './rows';
import { formatSeries } from './number-series';

/*
 * Issue 33: a B2B invoice, credit or debit note as the IRP's e-invoice schema INV-01 (version 1.1) has it, from the
 * bill's own figures (its PDF's totals). Issue 49: one item per line of the bill, as INV-01 defines ItemList (two
 * lines of one HSN at different prices stay two items), the tax of each rate shared over its lines (invoice-lines.ts).
 */

export const E_INVOICE_VERSION = '1.1';

/** INV-01's PrecDocDtls.InvNo takes an original's number of at least this many characters. */
export const PRECEDING_NUMBER_MIN_LENGTH = 2;

/** Since 2025 a business with an aggregate turnover of ₹10 crore or more reports an e-invoice within 30 days of its date. */
export const LATE_REPORTING_DAYS = 30;

/**
 * A type is e-invoiced when it is a GST sales document or a note (x-bill tax, countsAsSales, note) with a buyer's
 * GSTIN field (x-role clientGstin): a bill to a registered buyer. A bill of such a type without a GSTIN is B2C.
 */
export function hasEInvoice(billType: BillTypeEntry): boolean {
  return billType.tax && (billType.countsAsSales || billType.note !== undefined) && billType.roles.clientGstin !== undefined;
}

export interface EInvoiceSource {
  billType: BillType;
  /** The stored bill: its lines are the items. */
  bill: Row;
  docNo: string;
  /** YYYY-MM-DD. */
  date: string;
  seller: EwayParty & Pick<BusinessProfile, 'contact' | 'email' | 'bankName' | 'accountNumber' | 'ifsc'>;
  buyer: EwayParty;
  figures: BillFigures;
  /** A note's original: its printed number and ISO date. */
  against?: { number: string; date: string };
}

export type EInvoiceResult = { ok: true; document: Record<string, unknown> } | { ok: false; missing: string[] };

const money = (value: Money): number => Number(value.toFixed(2));
/** SAC codes (services) start 99. */
const isService = (line: InvoiceLine) => line.hsn.startsWith('99') || line.uqc === UQC_NOT_APPLICABLE || line.qty === undefined;
const flat = (value: string, max: number) => value.replace(/\s*[\r\n]+\s*/g, ', ').replace(/\s+/g, ' ').trim().slice(0, max);

/** The portal's document type of a bill: a credit note CRN, a debit note DBN, an invoice INV. */
function documentType(billType: BillType): 'INV' | 'CRN' | 'DBN' {
  if (!billType.note) return 'INV';
  return billType.note.sign < 0 ? 'CRN' : 'DBN';
}

function party(party: EwayParty) {
  const address = flat(party.address, 200);
  return {
    Gstin: party.gstin,
    LglNm: flat(party.name, 100),
    Addr1: address.slice(0, 100),
    ...(address.length > 100 && { Addr2: address.slice(100, 200) }),
    Loc: flat(party.place, 50),
    Pin: Number(party.pincode),
    Stcd: party.stateCode,
  };
}

function item(line: InvoiceLine, index: number) {
  const service = isService(line);
  const qty = service || line.qty === undefined ? toDecimal(1) : line.qty;
  const tax = line.cgst.plus(line.sgst).plus(line.igst);
  // INV-01: AssAmt = TotAmt - Discount, the taxable value net of the line's discount (Section 15(3)(a)).
  const total = line.taxable.plus(line.discount);
  return {
    SlNo: String(index + 1),
    PrdDesc: flat(line.description, 300),
    IsServc: service ? 'Y' : 'N',
    // INV-01 holds one serial number of up to 20 characters: a line of several pieces reports them joined, cut there.
    ...(line.serials.length > 0 && { PrdSlNo: line.serials.join(',').slice(0, 20) }),
    HsnCd: line.hsn,
    Qty: Number(qty.toFixed(3)),
    Unit: service ? 'OTH' : line.uqc,
    UnitPrice: Number(total.div(qty.gt(0) ? qty : 1).toFixed(3)),
    TotAmt: money(total),
    Discount: money(line.discount),
    AssAmt: money(line.taxable),
    GstRt: Number(line.rate),
    IgstAmt: money(line.igst),
    CgstAmt: money(line.cgst),
    SgstAmt: money(line.sgst),
    CesRt: 0,
    CesAmt: 0,
    CesNonAdvlAmt: 0,
    StateCesRt: 0,
    StateCesAmt: 0,
    StateCesNonAdvlAmt: 0,
    OthChrg: 0,
    TotItemVal: money(line.taxable.plus(tax)),
  };
}

/** What the IRP needs that is not there, in the e-way bill's words. */
function missingOf(source: EInvoiceSource): string[] {
  const missing: string[] = [];
  const { seller, buyer } = source;
  if (!seller.gstin) missing.push('GSTIN missing in Business Profile');
  if (!seller.place) missing.push('Place missing in Business Profile');
  if (!seller.pincode) missing.push('Pincode missing in Business Profile');
  if (!buyer.gstin) missing.push(`GSTIN missing for client ${buyer.name}: an e-invoice is for a registered buyer`);
  if (!buyer.place) missing.push(`Place missing for client ${buyer.name}`);
  if (!buyer.pincode) missing.push(`Pincode missing for client ${buyer.name}`);
  const against = source.against?.number ?? '';
  if (source.against && against.length < PRECEDING_NUMBER_MIN_LENGTH) {
    missing.push(
      `${source.billType.pdf.numberLabel} ${source.docNo} is against No. ${against}, which the e-invoice portal refuses: an original's number ` +
        `must be at least ${PRECEDING_NUMBER_MIN_LENGTH} characters. Give the series a prefix (Business Profile, e.g. GI/{fy}/{n})`,
    );
  }
  return missing;
}

/** The INV-01 document of a bill, or what is missing. */
export function eInvoiceDocument(source: EInvoiceSource): EInvoiceResult {
  const missing = missingOf(source);
  if (missing.length > 0) return { ok: false, missing };
  const { figures, seller, buyer } = source;
  const hasBank = seller.accountNumber !== '' && seller.ifsc !== '';
  return {
    ok: true,
    document: {
      Version: E_INVOICE_VERSION,
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: documentType(source.billType), No: source.docNo, Dt: slashDate(source.date) },
      SellerDtls: {
        ...party(seller),
        ...(seller.contact.replace(/\D/g, '').length >= 6 && { Ph: seller.contact.replace(/\D/g, '').slice(-12) }),
        ...(seller.email && { Em: seller.email.slice(0, 100) }),
      },
      BuyerDtls: { ...party(buyer), Pos: buyer.stateCode },
      ItemList: invoiceLines(source.billType, source.bill, seller.stateCode).map(item),
      ValDtls: {
        AssVal: money(figures.taxable),
        CgstVal: money(figures.cgst),
        SgstVal: money(figures.sgst),
        IgstVal: money(figures.igst),
        CesVal: 0,
        StCesVal: 0,
        Discount: 0,
        OthChrg: 0,
        RndOffAmt: money(figures.roundOff),
        TotInvVal: money(figures.grandTotal),
      },
      ...(source.against && { RefDtls: { PrecDocDtls: [{ InvNo: source.against.number, InvDt: slashDate(source.against.date) }] } }),
      ...(hasBank && { PayDtls: { Nm: flat(seller.name, 100), AccDet: seller.accountNumber, FinInsBr: seller.ifsc } }),
    },
  };
}

/**
 * The warning an e-invoice export carries when its document is more than 30 days old and the business says its
 * turnover is ₹10 crore or more (the IRP refuses to register it then), else undefined.
 */
export function lateReportingNotice(billType: BillType, docNo: string, date: string, today: string): string | undefined {
  const age = daysBetween(date, today);
  if (age <= LATE_REPORTING_DAYS) return undefined;
  return `${billType.pdf.numberLabel} ${docNo} is ${age} days old: with a turnover of ₹10 crore or more the IRP registers an e-invoice only within ${LATE_REPORTING_DAYS} days of its date.`;
}

/**
 * The Business Profile's warnings while the unit e-invoices: each e-invoiced sales series that prints its first
 * bills as one character ("{n}" prints 1 to 9), since a credit or debit note against one of them cannot be
 * e-invoiced (PrecDocDtls.InvNo). `formats` are the unit's series by type (a type not named has its schema's).
 */
export function shortNumberWarnings(billTypes: readonly BillTypeEntry[], formats: Readonly<Record<string, string>>): string[] {
  return billTypes
    .filter((billType) => hasEInvoice(billType) && !billType.note)
    .flatMap((billType) => {
      const format = formats[billType.type] || billType.series;
      const first = formatSeries(format, { n: 1, fy: 2026 });
      if (first.length >= PRECEDING_NUMBER_MIN_LENGTH) return [];
      return [
        `The ${billType.menuLabel} series "${format}" prints its first bills as one character ("${first}"): the e-invoice portal ` +
          `refuses a credit or debit note against such a bill. Give the series a prefix, e.g. GI/{fy}/{n}.`,
      ];
    });
}
