import type { BillFigures, TaxLine } from './bill-figures';
import { daysBetween } from './balance';
import { ewayBillLimit } from './eway-bill-limits';
import { storedValueMessage } from './field-checks';
import { stateName } from './gst';
import { formatIndian, sum, toDecimal, type Money } from './money';
import { typedDateToIso } from './typed-date';
import type { BillType, BillTypeEntry } from './registry/types';
import type { Row } from './rows';

/*
 * Issue 33: the e-way bill of a GST goods bill (CGST Rule 138) as the portal's bulk upload reads it (NIC's
 * JSON format, version 1.0.0621): one `billLists` entry per bill, with what is missing named first.
 */

/** The version the portal's bulk upload expects. */
export const EWAY_BILL_JSON_VERSION = '1.0.0621';

/** The transport fields' names (schemas/parts/transport.json). */
export const TRANSPORT = {
  mode: 'transmode',
  distance: 'transdistance',
  vehicleNo: 'vehicleno',
  vehicleType: 'vehicletype',
  transporterId: 'transporterid',
  transporterName: 'transportername',
  docNo: 'transdocno',
  docDate: 'transdocdate',
  shipToAddress: 'shiptoaddress',
  shipToPlace: 'shiptoplace',
  shipToPincode: 'shiptopincode',
} as const;

/** The portal's codes of the transport modes and vehicle types, by the words the bill stores. */
const MODE_CODES: Readonly<Record<string, string>> = { Road: '1', Rail: '2', Air: '3', Ship: '4' };
/** A vehicle whose type the bill leaves empty is Regular ('R'); 'O' is an over-dimensional cargo. */
const REGULAR_VEHICLE = 'R';
/** transType: 1 Regular, 2 Bill To - Ship To (goods delivered elsewhere than the buyer's address). */
const REGULAR = 1;
const BILL_TO_SHIP_TO = 2;
/** The portal's address lines hold 120 characters each, names 100, places 50. */
const ADDRESS_LINE = 120;
const NAME_LENGTH = 100;
const PLACE_LENGTH = 50;

/** A bill type has e-way bills when its schema declares the transport block (the GST goods bills). */
export function hasEwayBill(billType: BillTypeEntry): boolean {
  return billType.blocks.includes('transport');
}

/** One side of the movement: who, where (a GSTIN's state, or the place of supply for a buyer without one). */
export interface EwayParty {
  gstin: string;
  name: string;
  address: string;
  place: string;
  pincode: string;
  stateCode: string;
}

export interface EwayBillSource {
  billType: BillType;
  /** The stored bill (header fields and rows). */
  bill: Row;
  /** Its number as printed. */
  docNo: string;
  /** Its date, YYYY-MM-DD. */
  date: string;
  seller: EwayParty;
  /** The buyer as the bill names it, with the client master's place and pincode. */
  buyer: EwayParty;
  figures: BillFigures;
}

export interface EwayItem {
  itemNo: number;
  productName: string;
  productDesc: string;
  hsnCode: number;
  quantity: number;
  qtyUnit: string;
  taxableAmount: number;
  sgstRate: number;
  cgstRate: number;
  igstRate: number;
  cessRate: number;
  cessNonAdvol: number;
}

/** One bill of the bulk-upload file: the bulk format's field names (not the e-way bill API's: transactionType, actFromStateCode ...). */
export interface EwayBillEntry {
  userGstin: string;
  supplyType: 'O';
  subSupplyType: '1';
  subSupplyDesc: '';
  docType: 'INV';
  docNo: string;
  docDate: string;
  transType: number;
  fromGstin: string;
  fromTrdName: string;
  fromAddr1: string;
  fromAddr2: string;
  fromPlace: string;
  fromPincode: number;
  fromStateCode: number;
  actualFromStateCode: number;
  toGstin: string;
  toTrdName: string;
  toAddr1: string;
  toAddr2: string;
  toPlace: string;
  toPincode: number;
  toStateCode: number;
  actualToStateCode: number;
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  TotNonAdvolVal: number;
  OthValue: number;
  totInvValue: number;
  transMode: string;
  transDistance: string;
  transporterId: string;
  transporterName: string;
  transDocNo: string;
  transDocDate: string;
  vehicleNo: string;
  vehicleType: string;
  mainHsnCode: number;
  itemList: EwayItem[];
}

export interface EwayBillFile {
  version: typeof EWAY_BILL_JSON_VERSION;
  billLists: EwayBillEntry[];
}

export type EwayBillResult = { ok: true; entry: EwayBillEntry } | { ok: false; missing: string[] };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value));
const money = (value: Money): number => Number(value.toFixed(2));
const oneLine = (value: string): string => value.replace(/\s*[\r\n]+\s*/g, ', ').replace(/\s+/g, ' ').trim();

/** "2026-11-28" as the e-way bill and IRP portals write it, "28/11/2026"; '' for no date. */
export function slashDate(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay.trim());
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** An address on the portal's two lines of 120 characters, broken at a space where it can be. */
function addressLines(address: string): [string, string] {
  const flat = oneLine(address);
  if (flat.length <= ADDRESS_LINE) return [flat, ''];
  const cut = flat.lastIndexOf(' ', ADDRESS_LINE);
  const at = cut > ADDRESS_LINE / 2 ? cut : ADDRESS_LINE;
  return [flat.slice(0, at).trim(), flat.slice(at).trim().slice(0, ADDRESS_LINE)];
}

/** What the e-way bill still needs of the seller, in the words the operator is shown. */
function sellerMissing(seller: EwayParty): string[] {
  const missing: string[] = [];
  if (!seller.gstin) missing.push('GSTIN missing in Business Profile');
  if (!seller.place) missing.push('Place missing in Business Profile');
  if (!seller.pincode) missing.push('Pincode missing in Business Profile');
  return missing;
}

/** What the client master lacks for an e-way bill (issue 50: the panel offers to fill it in there). */
export interface ClientGap {
  name: string;
  place: boolean;
  pincode: boolean;
}

/** The bill's client's missing place and pincode (a ship-to pincode on the bill stands for the buyer's), if any. */
export function clientGap({ bill, buyer }: EwayBillSource): ClientGap | undefined {
  const place = !buyer.place;
  const pincode = !text(bill[TRANSPORT.shipToPincode]) && !buyer.pincode;
  return place || pincode ? { name: buyer.name, place, pincode } : undefined;
}

/**
 * What the e-way bill needs that the bill does not give: the seller's and buyer's place and pincode (a ship-to
 * pincode on the bill stands for the buyer's) and Part B (a vehicle or transport document for the
 * mode, or a transporter who will add it). Messages name where to fill it in.
 */
export function ewayBillMissing(source: EwayBillSource): string[] {
  const { bill, buyer, billType, docNo } = source;
  const missing = sellerMissing(source.seller);
  const on = `on ${billType.pdf.numberLabel} ${docNo}`;
  const client = clientGap(source);
  if (client?.place) missing.push(`Place missing for client ${buyer.name}`);
  if (client?.pincode) missing.push(`Pincode missing for client ${buyer.name}`);
  const mode = text(bill[TRANSPORT.mode]);
  const transporter = text(bill[TRANSPORT.transporterId]);
  if (!mode && !transporter) missing.push(`Mode of Transport or Transporter ID missing ${on}`);
  if (mode === 'Road' && !text(bill[TRANSPORT.vehicleNo]) && !transporter) missing.push(`Vehicle No. or Transporter ID missing ${on}`);
  if (mode && mode !== 'Road' && !text(bill[TRANSPORT.docNo])) missing.push(`Transport Doc. No. missing ${on}`);
  return [...missing, ...transportProblems(billType, bill, `${billType.pdf.numberLabel} ${docNo}`)];
}

/**
 * The transport values' shapes are the schema's (schemas/parts/transport.json), checked on every save. Bills saved
 * before it declared them (issue 43) may hold free text the portal would refuse: each is read here with its
 * field's own rule and message, naming the bill, so the file never carries it. Their dates were typed then
 * ("21-11-2026"): read as typed, as the file writes them.
 */
function transportProblems(billType: BillType, bill: Row, named: string): string[] {
  return billType.header
    .filter((field) => field.block === 'transport')
    .flatMap((field) => {
      const value = text(bill[field.name]);
      const message = storedValueMessage(field, field.widget === 'date' ? (typedDateToIso(value) ?? value) : value, billType.unitInfo);
      return message ? [`${named}: ${message.replace(/\.$/, '')}`] : [];
    });
}

/** Since 1 January 2025 the portal generates no e-way bill for a document dated more than this many days ago. */
export const EWAY_BILL_MAX_DOCUMENT_AGE_DAYS = 180;

/** Why the portal would refuse the bill's e-way bill for its age on `today`, or undefined. */
export function ewayBillAgeProblem({ billType, docNo, date }: EwayBillSource, today: string): string | undefined {
  const age = daysBetween(date, today);
  if (age <= EWAY_BILL_MAX_DOCUMENT_AGE_DAYS) return undefined;
  return `${billType.pdf.numberLabel} ${docNo} is ${age} days old: the portal makes no e-way bill for a document more than ${EWAY_BILL_MAX_DOCUMENT_AGE_DAYS} days old`;
}

/** The vehicle number as the portal takes it: capitals, no spaces or dashes ("MH 04 AB-1234" is MH04AB1234). */
const vehicleNumber = (bill: Row): string => text(bill[TRANSPORT.vehicleNo]).toUpperCase().replace(/[\s-]/g, '');

function itemOf(line: TaxLine, index: number, intraState: boolean): EwayItem {
  const rate = toDecimal(line.rate);
  const half = Number(rate.div(2).toFixed());
  return {
    itemNo: index + 1,
    productName: line.description.slice(0, NAME_LENGTH),
    productDesc: line.description.slice(0, NAME_LENGTH),
    hsnCode: Number(line.hsn),
    quantity: Number(line.qty.toFixed()),
    qtyUnit: line.uqc,
    taxableAmount: money(line.taxable),
    sgstRate: intraState ? half : 0,
    cgstRate: intraState ? half : 0,
    igstRate: intraState ? 0 : Number(rate.toFixed()),
    cessRate: 0,
    cessNonAdvol: 0,
  };
}

/** The HSN of the line with the largest taxable value: the portal's main HSN of the consignment. */
function mainHsn(lines: TaxLine[]): number {
  const largest = lines.reduce<TaxLine | undefined>((best, line) => (!best || line.taxable.gt(best.taxable) ? line : best), undefined);
  return Number(largest?.hsn ?? 0);
}

/**
 * The bulk-upload entry of one bill, or what is missing. The values and taxes are the bill's own figures (the
 * PDF's HSN summary and totals, by the same code); the round-off goes to OthValue so the invoice value adds up.
 */
export function ewayBillEntry(source: EwayBillSource, today: string): EwayBillResult {
  const missing = ewayBillMissing(source);
  const tooOld = ewayBillAgeProblem(source, today);
  if (tooOld) missing.push(tooOld);
  if (missing.length > 0) return { ok: false, missing };
  const { bill, seller, buyer, figures } = source;
  const shipTo = text(bill[TRANSPORT.shipToAddress]);
  const [fromAddr1, fromAddr2] = addressLines(seller.address);
  const [toAddr1, toAddr2] = addressLines(shipTo || buyer.address);
  const intraState = seller.stateCode === buyer.stateCode;
  const mode = text(bill[TRANSPORT.mode]);
  const vehicle = vehicleNumber(bill);
  return {
    ok: true,
    entry: {
      userGstin: seller.gstin,
      supplyType: 'O',
      subSupplyType: '1',
      subSupplyDesc: '',
      docType: 'INV',
      docNo: source.docNo,
      docDate: slashDate(source.date),
      transType: shipTo ? BILL_TO_SHIP_TO : REGULAR,
      fromGstin: seller.gstin,
      fromTrdName: seller.name.slice(0, NAME_LENGTH),
      fromAddr1,
      fromAddr2,
      fromPlace: seller.place.slice(0, PLACE_LENGTH),
      fromPincode: Number(seller.pincode),
      fromStateCode: Number(seller.stateCode),
      actualFromStateCode: Number(seller.stateCode),
      toGstin: buyer.gstin || 'URP',
      toTrdName: buyer.name.slice(0, NAME_LENGTH),
      toAddr1,
      toAddr2,
      // Goods shipped elsewhere go to the ship-to place when the bill names one.
      toPlace: ((shipTo && text(bill[TRANSPORT.shipToPlace])) || buyer.place).slice(0, PLACE_LENGTH),
      toPincode: Number(text(bill[TRANSPORT.shipToPincode]) || buyer.pincode),
      toStateCode: Number(buyer.stateCode),
      actualToStateCode: Number(buyer.stateCode),
      totalValue: money(figures.taxable),
      cgstValue: money(figures.cgst),
      sgstValue: money(figures.sgst),
      igstValue: money(figures.igst),
      cessValue: 0,
      TotNonAdvolVal: 0,
      OthValue: money(figures.roundOff),
      totInvValue: money(figures.grandTotal),
      transMode: MODE_CODES[mode] ?? '',
      transDistance: String(Number(text(bill[TRANSPORT.distance]) || '0')),
      transporterId: text(bill[TRANSPORT.transporterId]).toUpperCase(),
      transporterName: text(bill[TRANSPORT.transporterName]).slice(0, NAME_LENGTH),
      transDocNo: text(bill[TRANSPORT.docNo]),
      transDocDate: slashDate(typedDateToIso(text(bill[TRANSPORT.docDate])) ?? ''),
      vehicleNo: vehicle,
      vehicleType: vehicle ? text(bill[TRANSPORT.vehicleType]) || REGULAR_VEHICLE : '',
      mainHsnCode: mainHsn(figures.taxLines),
      itemList: figures.taxLines.map((line, index) => itemOf(line, index, intraState)),
    },
  };
}

/** The value Rule 138 weighs: the goods' taxable value and their taxes (the round-off is no part of it). */
export function consignmentValue(figures: Pick<BillFigures, 'taxable' | 'cgst' | 'sgst' | 'igst'>): Money {
  return sum([figures.taxable, figures.cgst, figures.sgst, figures.igst]);
}

/**
 * What a save says when the bill's goods need an e-way bill before they move (its consignment value over the
 * limit for its route), or undefined.
 */
export function ewayBillNotice(billType: BillType, figures: BillFigures, sellerStateCode: string): string | undefined {
  if (!hasEwayBill(billType)) return undefined;
  const toState = figures.placeOfSupply || sellerStateCode;
  const limit = ewayBillLimit(sellerStateCode, toState);
  const value = consignmentValue(figures);
  if (!value.gt(limit)) return undefined;
  const route = toState === sellerStateCode ? `within ${stateName(sellerStateCode) ?? 'the state'}` : 'from one state to another';
  return `An e-way bill is needed before these goods move: their value ₹${formatIndian(value)} is over ₹${formatIndian(limit, 0)} ${route}.`;
}
