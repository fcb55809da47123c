import type { BillFigures, TaxLine } from './bill-figures';
import type { BusinessProfile } from './business-profile';
import { slashDate, type EwayParty } from './eway-bill';
import { UQC_NOT_APPLICABLE } from './units-of-measure';
import { toDecimal, type Money } from './money';
import type { BillType, BillTypeEntry } from './registry/types';

/*
 * Issue 33: a B2B invoice, credit or debit note as the IRP's e-invoice schema INV-01 (version 1.1) has it, from the
 * bill's own figures (its PDF's HSN summary and totals): one item per HSN, rate and unit, as the e-way bill.
 */

export const E_INVOICE_VERSION = '1.1';

/**
 * A type is e-invoiced when it is a GST sales document or a note (x-bill tax, countsAsSales, note) with a buyer's
 * GSTIN field (x-role clientGstin): a bill to a registered buyer. A bill of such a type without a GSTIN is B2C.
 */
export function hasEInvoice(billType: BillTypeEntry): boolean {
  return billType.tax && (billType.countsAsSales || billType.note !== undefined) && billType.roles.clientGstin !== undefined;
}

export interface EInvoiceSource {
  billType: BillType;
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
const isService = (line: TaxLine) => line.hsn.startsWith('99') || line.uqc === UQC_NOT_APPLICABLE;
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

function item(line: TaxLine, index: number) {
  const service = isService(line);
  const qty = service ? toDecimal(1) : line.qty;
  const tax = line.cgst.plus(line.sgst).plus(line.igst);
  return {
    SlNo: String(index + 1),
    PrdDesc: flat(line.description, 300),
    IsServc: service ? 'Y' : 'N',
    HsnCd: line.hsn,
    Qty: Number(qty.toFixed(3)),
    Unit: service ? 'OTH' : line.uqc,
    UnitPrice: Number(line.taxable.div(qty.gt(0) ? qty : 1).toFixed(3)),
    TotAmt: money(line.taxable),
    Discount: 0,
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
      ItemList: figures.taxLines.map(item),
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
