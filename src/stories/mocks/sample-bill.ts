import { normalizeBill, recomputeRow, toStoredBill, type BillType, type FieldSpec, type ObjectSpec, type Row } from '../../engine/core';

/**
 * Sample bills for stories, built from a bill type's schema so a new type gets them too. Readable
 * values for the spec's field names (section 3); any other field gets its title and the row number.
 */
const SAMPLE_TEXT: Record<string, readonly string[]> = {
  clientname: ['Shree Ganesh Transport', 'Dilli Cargo Movers', 'Konkan Fisheries', 'Bharat Earthmovers', 'Sahyadri Tours'],
  clientaddress: ['Plot 7, MIDC, Taloja, Navi Mumbai 410208'],
  goods: ['Fuel injection pump', 'Nozzle holder assembly', 'Delivery valve', 'Feed pump', 'Governor spring set'],
  productname: ['Tata 1109 truck (MH-04-AB-1234)', 'Kirloskar 62.5 kVA generator', 'Ashok Leyland 1612 bus'],
  servicename: ['Nozzle calibration', 'Injector servicing', 'Pump overhaul', 'Timing adjustment'],
  servicedesc: ['Tested on the bench', 'Four injectors cleaned and pressure-tested', ''],
  termsofpayment: ['30 days'],
  buyerorderno: ['PO-118'],
  dispatchedthrough: ['By hand'],
  destination: ['Taloja'],
};

/** A valid GSTIN of a buyer in Maharashtra (state code 27). */
const SAMPLE_GSTIN = '27AAPFU0939F1ZV';
const SAMPLE_DATE = '2024-06-10';
const SAMPLE_HSN = '8413';
const SAMPLE_TAX_RATE = '18';
/** Services per product in a sample service bill. */
const NESTED_ROWS = 2;

function pick(list: readonly string[], n: number): string {
  return list[(n - 1) % list.length];
}

function textValue(field: FieldSpec, n: number): string {
  const samples = SAMPLE_TEXT[field.name];
  if (samples) return pick(samples, n);
  if (!field.required) return '';
  // A field with a shape to meet (a vehicle number) names a value that meets it in the schema's examples.
  const [example] = Array.isArray(field.schema.examples) ? field.schema.examples : [];
  return typeof example === 'string' ? example : `${field.title} ${n}`;
}

/** A discount on every other row (x-discount), the others left blank as an optional number may be. */
const SAMPLE_DISCOUNT = '10';

/**
 * Quantities are small; prices vary by row; amounts follow from them. No value passes the field's own
 * maximum (a percent column a maintainer added, say).
 */
function numberValue(field: FieldSpec, spec: ObjectSpec, n: number): string {
  if (field.discount) return n % 2 === 0 ? SAMPLE_DISCOUNT : '';
  // The first factor of a computed amount; on a row without amounts (a delivery challan) every number.
  const unpriced = !spec.fields.some((f) => f.money);
  const isQuantity = unpriced || spec.fields.some((f) => f.productOf?.[0] === field.name);
  const value = isQuantity ? 1 + (n % 4) : 500 + 250 * (n % 7);
  const maximum = typeof field.schema.maximum === 'number' ? field.schema.maximum : Infinity;
  return String(Math.min(value, maximum));
}

function leafValue(field: FieldSpec, spec: ObjectSpec, n: number, billno: number): unknown {
  if (field.role === 'billNumber') return billno;
  if (field.rowNumber) return n;
  if (field.role === 'clientGstin') return SAMPLE_GSTIN;
  if (field.hsn) return SAMPLE_HSN;
  if (field.taxRate) return SAMPLE_TAX_RATE;
  if (field.widget === 'date') return field.required ? SAMPLE_DATE : '';
  if (field.widget === 'select') return field.options?.[0]?.value ?? '';
  if (field.widget === 'number') return numberValue(field, spec, n);
  return textValue(field, n);
}

/** A money field that is not computed (a service's amount) charges the row's price. */
function withAmounts(spec: ObjectSpec, row: Row): Row {
  const computed = recomputeRow(spec, row);
  const price = spec.fields.find((f) => f.widget === 'number' && !f.money && !f.hsn && !f.taxRate && !f.discount);
  for (const field of spec.fields) {
    if (field.money && !field.productOf && price) computed[field.name] = computed[price.name];
  }
  return computed;
}

function sampleRow(spec: ObjectSpec, n: number, billno: number): Row {
  const row: Row = {};
  for (const field of spec.fields) {
    row[field.name] = field.rows
      ? Array.from({ length: n === 1 ? NESTED_ROWS : 1 }, (_, i) => sampleRow(field.rows!, n + i, billno))
      : leafValue(field, spec, n, billno);
  }
  return withAmounts(spec, row);
}

export interface SampleOptions {
  billno: number;
  /** Top-level rows (goods lines, or products with their services). */
  lines?: number;
  clientname?: string;
  /** A client whose name and address are as long as the fields allow: what must wrap, not overflow. */
  longClient?: boolean;
}

const LONG_NAME_PART = 'Shree Mahalaxmi Heavy Earthmoving Equipment, Diesel Generator Hire & Transport Contractors Private Limited';
const LONG_ADDRESS_PART = 'Gala No. 14-B, Ground Floor, Shivshakti Industrial Estate, Opposite Old Octroi Naka, Near Bharat Petroleum Pump, Mumbai-Pune Highway, Taloja MIDC Phase II, Panvel Taluka, Raigad District, Maharashtra 410208. ';

/** `part` repeated up to the field's maxLength (its whole schema limit: the longest text a bill can hold). */
function longest(field: FieldSpec, part: string): string {
  const limit = typeof field.schema.maxLength === 'number' ? field.schema.maxLength : part.length;
  return part.repeat(Math.ceil(limit / part.length)).slice(0, limit).trim();
}

/** A create payload (spec 7, without method and type) that passes every check of its bill type. */
export function sampleBill(billType: BillType, { billno, lines = 2, clientname, longClient }: SampleOptions): Row {
  const header: Row = {};
  for (const field of billType.header) header[field.name] = leafValue(field, billType.root, billno, billno);
  if (clientname !== undefined) header[billType.roles.clientName.name] = clientname;
  const { clientName, clientAddress } = billType.roles;
  if (longClient) {
    header[clientName.name] = longest(clientName, LONG_NAME_PART);
    if (clientAddress) header[clientAddress.name] = longest(clientAddress, LONG_ADDRESS_PART);
  }
  const rows = Array.from({ length: lines }, (_, i) => sampleRow(billType.rowsField.rows!, i + 1, billno));
  return normalizeBill(billType, { ...header, [billType.rowsField.name]: rows });
}

/** Stored rows carry database ids the form must drop (spec 4). */
function withIds(rows: unknown, prefix: string): unknown {
  if (!Array.isArray(rows)) return rows;
  return rows.map((row: Row, i) => {
    const id = `${prefix}${i + 1}`;
    const copy: Row = { _id: id };
    for (const [key, value] of Object.entries(row)) copy[key] = Array.isArray(value) ? withIds(value, `${id}-`) : value;
    return copy;
  });
}

/** A bill as the get endpoints answer it (spec 7): the number under billno, lines with their ids. */
export function storedBill(billType: BillType, payload: Row): Row {
  const stored = toStoredBill(billType, payload);
  const rowsName = billType.rowsField.name;
  return { ...stored, [rowsName]: withIds(stored[rowsName], 'line-') };
}
