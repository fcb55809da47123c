import type { BillType, Row } from '../../../../src/engine/core';
import { validPayload } from '../../../fixtures/payloads';
import type { LeftEmpty } from './bill-form';

/** Goods lines typed in the journeys (tax fields only where the type has them). */
const GOODS_LINES: Row[] = [
  { goods: 'Injector pump', qty: '2', hsn: '8413', taxrate: '18', rate: '1500', per: 'per' },
  { goods: 'Nozzle set', qty: '3', hsn: '8409', taxrate: '28', rate: '250.5', per: 'set' },
];

/** Two products with services; the first has two, to go through Add Servive. */
const SERVICE_PRODUCTS: Row[] = [
  {
    productname: 'Tata truck',
    service: [
      { servicename: 'Calibration', servicedesc: 'On the bench', hsn: '998714', taxrate: '18', rate: '1200', amount: '1200' },
      { servicename: 'Overhaul', servicedesc: '', hsn: '998714', taxrate: '18', rate: '4500', amount: '4500' },
    ],
  },
  {
    productname: 'Generator',
    service: [{ servicename: 'Servicing', servicedesc: 'Filters changed', hsn: '998717', taxrate: '12', rate: '800', amount: '800' }],
  },
];

export interface JourneyBill {
  /** Header values as typed (the bill number is left as the screen proposes it). */
  header: Row;
  clientname: string;
  lines: Row[];
  /** Descriptions the bill's PDF must show. */
  lineNames: string[];
  /** The required field left empty on the first try, and the spec 5 toast it must give. */
  leftEmpty: LeftEmpty & { value: string; message: string };
  /** The edit: a new description for the first line. */
  edit: { field: string; value: string };
}

/** Keeps only the fields the bill type's rows have (tax rows have HSN and HSN rate). */
function forType(billType: BillType, rows: Row[], spec = billType.rowsField.rows!): Row[] {
  const nested = spec.fields.find((field) => field.rows);
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([name]) => name in spec.byName)
        .map(([name, value]) => [name, nested?.name === name ? forType(billType, value as Row[], nested.rows!) : value]),
    ),
  );
}

/**
 * The required header fields a maintainer's type adds (a proforma's Vehicle No.), with the value of the payload
 * built from its schema: an operator must type them too, or the save stops at their message.
 */
function requiredBeyondSpec(billType: BillType, header: Row): Row {
  const sample = validPayload(billType);
  const missing = billType.header.filter((field) => field.required && field.role !== 'billNumber' && !(field.name in header));
  return Object.fromEntries(missing.map((field) => [field.name, sample[field.name]]));
}

/** Whether the type's goods rows are the spec's (a description of goods, QTY and rate), which GOODS_LINES type. */
function hasSpecGoodsLines(billType: BillType): boolean {
  const spec = billType.rowsField.rows!;
  return spec.fields.filter((field) => field.required && !field.rowNumber && !field.productOf).every((field) => field.name in GOODS_LINES[0]);
}

/**
 * A maintainer's goods rows of their own shape (a receipt voucher's description, HSN/SAC and advance amount): the
 * lines of the sample bill its schema gives, its first required field after the description left empty on the
 * first try, with that field's own message.
 */
function ownLinesJourney(billType: BillType, header: Row, clientname: string): JourneyBill {
  const spec = billType.rowsField.rows!;
  const lines = (validPayload(billType, 2)[billType.rowsField.name] as Row[]).map((row) =>
    Object.fromEntries(Object.entries(row).filter(([name]) => !spec.byName[name]?.rowNumber).map(([name, value]) => [name, String(value)])),
  );
  const typed = spec.fields.filter((field) => field.required && !field.rowNumber && !field.productOf && field.widget !== 'select');
  const [described, left] = typed;
  return {
    header,
    clientname,
    lines,
    lineNames: lines.map((row) => String(row[described.name])),
    leftEmpty: { rowLabel: 'Sr. No. 2', field: left.name, value: String(lines[1][left.name]), message: left.message!.replace('{n}', '2') },
    edit: { field: described.name, value: `${lines[0][described.name]} rebuilt` },
  };
}

export function journeyBill(billType: BillType): JourneyBill {
  const clientname = `${billType.menuLabel} Journey`;
  const header: Row = {
    clientname,
    clientaddress: 'Plot 7, MIDC, Taloja, Navi Mumbai 410208',
    date: '2026-11-21',
    ...(billType.tax ? { gstno: '27AAPFU0939F1ZV', termsofpayment: '30 days', destination: 'Taloja' } : {}),
  };
  Object.assign(header, requiredBeyondSpec(billType, header));
  if (billType.lines === 'goods' && !hasSpecGoodsLines(billType)) return ownLinesJourney(billType, header, clientname);
  if (billType.lines === 'goods') {
    return {
      header,
      clientname,
      lines: forType(billType, GOODS_LINES),
      lineNames: ['Injector pump', 'Nozzle set'],
      leftEmpty: { rowLabel: 'Sr. No. 2', field: 'qty', value: '3', message: 'Please provide Quantity of product at Sr. No. 2.' },
      edit: { field: 'goods', value: 'Injector pump rebuilt' },
    };
  }
  return {
    header,
    clientname,
    lines: forType(billType, SERVICE_PRODUCTS),
    lineNames: ['Tata truck', 'Calibration', 'Overhaul', 'Generator', 'Servicing'],
    leftEmpty: {
      rowLabel: 'Sr. No. 2, service 1',
      field: 'rate',
      value: '800',
      message: 'Please provide your service rate of product at srno 2.',
    },
    edit: { field: 'productname', value: 'Tata truck MH04' },
  };
}
