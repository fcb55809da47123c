import type { DocumentKind } from '../document-kind';
import type { DocumentWords } from '../document-words';
import type { Schema } from '../schema/json-schema';

export type Widget = 'text' | 'textarea' | 'number' | 'date' | 'select';

/**
 * What a header field means to the engine beyond its value (`x-role`): the bill number (sent as invoiceno,
 * stored and answered as billno), the bill date, the client's name, address and GSTIN, and the place of supply
 * (a state code, on bills to buyers without a GSTIN), and the number of the document a refund returns money of
 * (x-bill.refund: its receipt voucher). Storage, lists,
 * PDF file names, the buyer block and the GST split find these fields by role, never by name.
 */
export const FIELD_ROLES = ['billNumber', 'billDate', 'clientName', 'clientAddress', 'clientGstin', 'placeOfSupply', 'againstNumber'] as const;
export type FieldRole = (typeof FIELD_ROLES)[number];

/**
 * The header blocks (`x-block`) the screen and the PDF both place: client (beside the letterhead; the
 * PDF's buyer), details and dispatch (the PDF's reference grid; dispatch a second block on edit screens),
 * transport (issue 33: folded on screen, printed by the PDF's e-way bill block).
 */
export const HEADER_BLOCKS = ['client', 'details', 'dispatch', 'transport'] as const;
export type HeaderBlock = (typeof HEADER_BLOCKS)[number];

/**
 * The roles whose fields a bill list answers (the stored bill keeps them as columns: number, date, client name): an
 * `x-listColumn` on any other field would be an empty column that cannot be sorted.
 */
export const LISTED_ROLES: ReadonlyArray<FieldRole> = ['billNumber', 'billDate', 'clientName'];

/** A column of the bill list screen (`x-listColumn`). */
export interface ListColumn {
  order: number;
  title: string;
}
export interface SelectOption {
  label: string;
  value: string;
  /** A unit of measure's printed form ("Nos") and its GST Unit Quantity Code ("NOS"), declared together. */
  unit?: string;
  uqc?: string;
}

/** What a unit-of-measure option's value prints as and reports as. */
export interface UnitOfMeasure {
  unit: string;
  uqc: string;
}

/** One field of a bill, read from its schema's keywords. */
/** A check after the spec's own (x-check): its rule and its message ({n}, {value}, {rates}). */
export interface FieldCheck {
  rule: 'gstin' | 'hsn' | 'gstRate' | 'positive' | 'calendarDate' | 'stateCode';
  message: string;
}

/** How an x-discount field reads its value: a number in per cent, or "10%" / "150" (per cent / rupees). */
export type DiscountKind = 'percent' | 'percentOrAmount';

export interface FieldSpec {
  name: string;
  title: string;
  /** The field's own flattened schema (with x- keywords). */
  schema: Schema;
  required: boolean;
  /** The spec's message when the value is empty or invalid; `{n}` is the row number. */
  message?: string;
  /** Per-ajv-keyword overrides of `message`. */
  messages: Record<string, string>;
  /** x-defaultFrom: a sibling field whose value fills this one while it is empty (a service's amount from its rate). */
  defaultFrom?: string;
  /** x-check: a check after the spec's own, with its message. */
  check?: FieldCheck;
  /** Screen block of a header field: client, details or dispatch. */
  block?: string;
  widget: Widget;
  options?: SelectOption[];
  /** A unit of measure (its options declare `unit` and `uqc`): by submitted value, what it prints and reports as. */
  unitsOfMeasure?: Record<string, UnitOfMeasure>;
  /** Saved list (catalogs.json) this field autocompletes from and saves to. */
  catalog?: string;
  readOnly: boolean;
  /** The row's Sr. No.: renumbered 1, 2, 3 ... after every change. */
  rowNumber: boolean;
  pdfTitle: string;
  /** A computed money field: the product of these two sibling fields, rounded to 2 places. */
  productOf?: [string, string];
  /**
   * A discount taken off the row's computed amount before tax (x-discount): `percent` (a number, per cent) or
   * `percentOrAmount` (text: "10%" per cent, "150" rupees); undefined on other fields.
   */
  discount?: DiscountKind;
  /** x-decimals: the places the PDF prints the number with, at least (a Rate: 2, as its Amount). */
  decimals?: number;
  /** The money amount of a leaf line: summed into totals. */
  money: boolean;
  /** The HSN/SAC code and the GST rate (percent) of a leaf line. */
  hsn: boolean;
  taxRate: boolean;
  /** What the field means to the engine (x-role), if anything. */
  role?: FieldRole;
  /** x-taxIncludedWhen: the value of this header field that says the line amounts include their tax (an advance received). */
  taxIncludedWhen?: string;
  /** Shown as a column of the list screen (x-listColumn). */
  listColumn?: ListColumn;
  /** For a list of rows (the bill's products, a product's services): the row's shape. */
  rows?: ObjectSpec;
}

/** The fields of an object (a bill header, a row) in display order, plus its check order. */
export interface ObjectSpec {
  fields: FieldSpec[];
  byName: Record<string, FieldSpec>;
  /** Field names in the order spec 5 checks them. */
  checkOrder: string[];
}

export interface Letterhead {
  companyName: string;
  address: string;
  gstin: string;
  stateName: string;
  stateCode: string;
  contact: string;
  email: string;
}

export interface Unit {
  slug: string;
  menuLabel: string;
  placeholder: boolean;
  /** The GST rates (percent) its bills may charge (units.json `gstRates`; DEFAULT_GST_RATES when absent). */
  gstRates?: number[];
  letterhead: Letterhead;
  pdf: { declaration: string; signatory: string; footer: string };
}

export interface Catalog {
  name: string;
  /** The list's name on the Products & Services screen. */
  title: string;
  save: string;
  get: string;
  listKey: string;
  nameKey: string;
  /** Line fields filled from a chosen entry (and saved with it). */
  fills: string[];
  /** Its entries may be stocked (catalogs.json `stock`): picked by goods lines only, which the registry checks. */
  stock?: boolean;
  /** What a serialised piece's own number is called in messages and on the invoice (catalogs.json `serialLabel`). */
  serialLabel?: string;
}

/** The `x-bill.pdf` block: what the type's PDF prints beyond its fields. */
export interface BillPdf {
  title: string;
  numberLabel: string;
  documentName: string;
  /** A bill that asks to be paid: the unit's bank details, UPI QR for the grand total and terms (not quotations). */
  payment: boolean;
  /** Each copy's mark, copy 1 first ("ORIGINAL FOR RECIPIENT" ...); none: copies are unmarked. */
  copyLabels: string[];
  /** This type's declaration and footer line, replacing the unit's (x-bill.pdf). */
  declaration?: string;
  footer?: string;
  /** The words printed around the fields (x-bill.pdf.words) the type sets: documentWords gives each of them. */
  words?: Partial<DocumentWords>;
}

/**
 * A credit or debit note (x-bill.kind creditNote / debitNote) against the bills of `against` (x-bill.note); its sign and
 * GSTR-1 type are its kind's (KIND_FACTS).
 */
export interface NoteMeta {
  /** -1 credit (takes value off the original), 1 debit (adds to it). */
  sign: -1 | 1;
  against: string[];
  gstr1NoteType: 'C' | 'D';
  /** "Against {document} No. {number} dated {date}" on the PDF. */
  againstLabel: string;
}

/** x-bill.refund (kind refund): "Against {document} No. {number} dated {date}" names the advance on the PDF (Rule 51). */
export interface RefundMeta {
  against: string[];
  againstLabel: string;
}

/** The `x-bill` block of a bill file: what makes the bill type behave as it does. */
export interface BillMeta {
  type: string;
  unit: string;
  route: string;
  label: string;
  menuLabel: string;
  menuOrder: number;
  lines: 'goods' | 'service';
  /** Most lines a bill may have, goods and services together (rows holding no nested list). */
  maxLines: number;
  tax: boolean;
  /** x-bill.advanceTax (false when absent): taxed as an advance received (advance-tax.ts: services only, an empty rate 18 %). */
  advanceTax: boolean;
  /** x-bill.roundToRupee (true when absent): the grand total rounded to the rupee, with a Round Off line. */
  roundToRupee: boolean;
  /** What the document is (x-bill.kind, nonSale when absent): see document-kind.ts. */
  kind: DocumentKind;
  /** Derived from the kind: a sale (counted in the sales register, GSTR-1, balances and receivables). */
  countsAsSales: boolean;
  /** x-bill.series ('{n}' when absent): the default number series (number-series.ts); a profile may change it. */
  series: string;
  convertsTo?: string;
  /**
   * x-bill.unregisteredAs: the bill type (same unit and line shape, no GSTIN) this screen offers when a saved client
   * without a GSTIN is picked, carrying over what was typed.
   */
  unregisteredAs?: string;
  /**
   * x-bill.buyerDetails: from this bill value (rupees) on, the buyer's address must be given (else `message`) and the
   * PDF prints the buyer's state with its code (CGST Rule 46(e): ₹50,000 for a buyer without a GSTIN).
   */
  buyerDetails?: { from: number; message: string };
  /** A credit or debit note's x-bill.note with its kind's sign and GSTR-1 type. */
  note?: NoteMeta;
  /** A refund's x-bill.refund: the advances (receipt voucher types) it returns money of, and how its PDF names one. */
  refund?: RefundMeta;
  endpoints: { create: string; get: string };
  successMessage: string;
  /** x-bill.mail: the e-mail template of this type, each part the default's (mail-template.ts) when absent. */
  mail: { subject?: string; body?: string };
  /** x-bill.successPreview (false when absent): the PDF Generated modal offers a preview of the saved PDF. */
  successPreview: boolean;
  /** documentName fills {document} in the unit's PDF texts. */
  pdf: BillPdf;
}

/** The convert button and its confirmation on a type that converts (x-bill.convert, or from the documents' names). */
export interface ConvertTexts {
  button: string;
  title: string;
  text: string;
}

/**
 * What the app's shell knows of a bill type before its screens load it (the registry index): its meta, texts,
 * paths and field roles. The fields themselves (schema, specs, list columns) are BillType's.
 */
export interface BillTypeEntry extends BillMeta {
  /**
   * Derived: a sales document of a unit that charges GST (a tax invoice under CGST Rule 46). Deleting one cancels it:
   * it stays on record under its number (never reused), listed and printed as CANCELLED, and can be restored.
   */
  cancelsOnDelete: boolean;
  /** false: a document without prices (x-bill.priced): no money fields, no totals, no amount in words. */
  priced: boolean;
  /** Texts of the convert action, on a type with convertsTo. */
  convert?: ConvertTexts;
  /** File path below schemas/. */
  file: string;
  /** Name of the generated payload type. */
  title: string;
  unitInfo: Unit;
  /** The names and titles of the header fields by role (BillRoles): what lists and reports key their columns by. */
  roles: RoleNames;
  /** The header blocks (x-block) its fields fill, in screen order: client, details, dispatch, transport. */
  blocks: string[];
  createPath: string;
  getPath: string;
}

/** A bill type read whole from its schema files: what its screens, the server and the PDF work from. */
export interface BillType extends BillTypeEntry {
  /** The flattened schema, x- keywords included (for rjsf and the engine). */
  schema: Schema;
  /** The flattened schema without x- keywords (for ajv and the type generator). */
  validationSchema: Schema;
  /** Every top-level field, header and rows, with the check order of spec 5. */
  root: ObjectSpec;
  /** Header fields: every top-level field but the rows. */
  header: FieldSpec[];
  /** The top-level list of rows (`product`). */
  rowsField: FieldSpec;
  /** The list screen's columns, in their order. */
  listColumns: FieldSpec[];
  /** Header fields by role: the bill number (invoiceno), date and client name always; address and GSTIN if declared. */
  roles: BillRoles;
}

/** A role's field as the registry index names it. */
export type RoleNames = { [Role in keyof BillRoles]: Pick<FieldSpec, 'name' | 'title'> };

export interface BillRoles {
  billNumber: FieldSpec;
  billDate: FieldSpec;
  clientName: FieldSpec;
  clientAddress?: FieldSpec;
  /** The buyer's GSTIN: its state decides CGST + SGST or IGST. */
  clientGstin?: FieldSpec;
  /** The place of supply chosen on the bill (a buyer without a GSTIN): it decides CGST + SGST or IGST. */
  placeOfSupply?: FieldSpec;
  /** A refund's receipt voucher number (x-bill.refund). */
  againstNumber?: FieldSpec;
}

export interface MenuGroup<T extends BillTypeEntry = BillTypeEntry> {
  unit: Unit;
  billTypes: T[];
}

/** A bill role a saved client keeps (clients.json): its name and checks come from the bill fields of that role. */
export interface ClientField {
  role: FieldRole;
  /** The name of the bill fields with this role (one name across bill types): the client's key in the API. */
  name: string;
  title: string;
  /** A bill field with this role (the first bill type's), for its checks: pattern, maxLength, x-message. */
  field: FieldSpec;
  /** A client saved by hand must have it (the key always). */
  required: boolean;
}

/** A detail kept only on the client (phone, e-mail): never on a bill. */
export interface ClientContactField {
  name: string;
  title: string;
  maxLength: number;
  pattern?: string;
  message: string;
}

/** The saved clients (clients.json), read against the bill types' roles. */
export interface ClientsSpec {
  /** The client name: the key, matched trimmed and in any case. */
  key: ClientField;
  /** The roles a client fills into a bill when picked (address, GSTIN), those some bill type has. */
  fills: ClientField[];
  contact: ClientContactField[];
  endpoints: { list: string; save: string; delete: string; bills: string };
  listKey: string;
}
