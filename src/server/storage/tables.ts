import type { ColumnType, Generated, Kysely } from 'kysely';
import type { AuditAction } from '../../engine/core/audit-change';
import type { ContractCycleTable, ContractTable } from './contract-tables';
import type { PurchaseTable, StockAdjustmentTable, StockMovementTable, StockProductTable, StockSerialTable } from './stock-tables';

/**
 * The database tables. Times are ISO 8601 UTC text and JSON is stored as text, so that both
 * dialects (SQLite, PostgreSQL) read and write the same values.
 */
export interface OperatorTable {
  id: Generated<number>;
  /** Lower-cased and trimmed; unique. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (see auth/passwords.ts). */
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** A role of schemas/roles.json (issue 45); operators from before roles are owners. */
  role: ColumnType<string, string | undefined, string>;
  /** JSON list of the unit slugs the operator may work on; null: every unit. */
  units: string | null;
  /** 1: the operator may not sign in, and their tokens are refused at once. */
  disabled: ColumnType<number, number | undefined, number>;
  /** 1: a first or reset password, to be changed before anything else. */
  must_change_password: ColumnType<number, number | undefined, number>;
}

/** An entry of a saved product or service list (catalogs.json); unique per (catalog, name). */
export interface CatalogEntryTable {
  id: Generated<number>;
  catalog: string;
  name: string;
  /** The catalog's `fills` values (hsn, taxrate ...) as a JSON object. */
  details: string;
  created_at: string;
  updated_at: string;
}

/**
 * One bill of any type. Unique on (unit, type, fy, billno), deleted rows included: numbers are never reused
 * (within the type across years too while its series runs on).
 */
export interface BillTable {
  id: Generated<number>;
  unit: string;
  type: string;
  /** The financial year of the bill date (2026 for 2026-27): numbers of a restarting series are per year. */
  fy: number;
  billno: number;
  /** The number as printed (the series format it was numbered under, filled); null only before migration 0014. */
  printed_no: string | null;
  /** The bill date and client name (x-role billDate, clientName), copied out of `header` for lists. */
  bill_date: string;
  client_name: string;
  /** Every header field but the bill number, as a JSON object. */
  header: string;
  /** The rows (`product`), as a JSON array. */
  lines: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
  deleted_at: string | null;
  deleted_by: string | null;
  /**
   * The bill's figures as its PDF prints them (core billFigures), in whole paise; null until computed
   * (bills stored before migration 0005 get them at the next start). PostgreSQL answers bigint as text.
   */
  taxable: Paise | null;
  cgst: Paise | null;
  sgst: Paise | null;
  igst: Paise | null;
  round_off: Paise | null;
  grand_total: Paise | null;
  /** The buyer's GSTIN (x-role clientGstin), upper-cased; "" when the bill type has none. */
  client_gstin: string | null;
  /** The place of supply of a tax bill (a state code, core billPlaceOfSupply); "" or null when none. */
  place_of_supply: string | null;
  /** clientNameKey(client_name): the saved client the bill names (clients.name_key). Migration 0011 fills it. */
  client_key: string | null;
}

/** Whole paise: a number written, a number (SQLite) or digits (PostgreSQL bigint) read. */
export type Paise = ColumnType<number | string, number, number>;

/** One HSN + rate group of a tax bill (core TaxLine): the GSTR-1 HSN summary and the register's HSN sheet. */
export interface BillTaxLineTable {
  id: Generated<number>;
  bill_id: number;
  hsn: string;
  /** GST rate in percent, canonical decimal text. */
  rate: string;
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** Quantity in millionths (quantities have at most 6 decimal places), 0 for services. */
  qty_micro: Paise;
  uqc: string;
  description: string;
}

/**
 * `profile`: a unit's business profile saved (type `profile`, billno 0; images as size and SHA-256); `series`: a
 * unit's number series changed (type the bill type, billno 0); `lock`: its "GSTR-1 filed up to" month moved
 * (type `filed-period`, billno 0); `lock-password`: the operator's password checked to move that month back (type
 * `filed-period`, billno 0; whether it was right, never the password); `operator`: an operator added or their role,
 * units, disabled flag or password reset changed (unit '', type `operator`, billno the operator's id; never a hash).
 */
export type { AuditAction };

/**
 * One row per change of a bill, with the bill before and after (JSON, null when there is none): a delete
 * has no after, a restore (from the trash) no before.
 */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  operator: string;
  action: AuditAction;
  unit: string;
  type: string;
  billno: number;
  before: string | null;
  after: string | null;
  /** The row's place in the audit chain (1, 2, ...); null only on a row that is not in it (put in by hand). */
  seq: number | null;
  /** HMAC-SHA-256 (hex) of the row and the previous row's hash (storage/audit-chain.ts). */
  hash: string | null;
}

/** The audit chain's one head row (id 1): its row count and last hash, and which key sealed it. */
export interface AuditChainHeadTable {
  id: number;
  row_count: number;
  hash: string;
  key_check: string;
}

/** One failed sign-in, kept for the throttle's window; `key` is a hash of the e-mail and the client address. */
export interface SignInFailureTable {
  id: Generated<number>;
  key: string;
  at: string;
}

/** A token signed out before its expiry (POST /api/auth/logout); forgotten once it has expired. */
export interface RevokedTokenTable {
  token_id: string;
  expires_at: string;
}

/** A unit's business profile (see engine/core/business-profile.ts), as JSON; images as data URLs inside it. */
export interface BusinessProfileTable {
  unit: string;
  profile: string;
  /** The images as the PDFs draw them ({logo, signature} data URLs, PNGs flattened), as JSON. */
  print_images: string;
  /** 1 on the first save, one more on each: renderers cache decoded images per version. */
  version: number;
  updated_at: string;
  updated_by: string;
}

/**
 * A saved client (clients.json), built from the bills: unique by name in any case. `name_key` is the core's
 * clientNameKey(name) (since migration 0011), the key the bills' client_key holds for the client they name.
 */
export interface ClientTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  /** The bill values the client keeps, by role (clientAddress, clientGstin), as a JSON object. */
  fills: string;
  /** Details kept only on the client (phone, email), as a JSON object. */
  contact: string;
  created_at: string;
  updated_at: string;
}

/** A quotation (from) converted into a bill (to) of the same unit; the latest row of a quotation is shown. */
export interface BillConversionTable {
  id: Generated<number>;
  unit: string;
  from_type: string;
  from_billno: number;
  from_fy: number | null;
  to_type: string;
  to_billno: number;
  to_fy: number | null;
  at: string;
  operator: string;
}

/** A credit or debit note (x-bill.note) and the bill it corrects, both of `unit`; `sign` -1 credit, 1 debit. */
export interface BillNoteTable {
  id: Generated<number>;
  unit: string;
  note_type: string;
  note_fy: number;
  note_billno: number;
  against_type: string;
  against_fy: number;
  against_billno: number;
  sign: number;
}

/**
 * Issue 33: what a portal answered for a bill, typed back by the operator: `kind` 'ewb' (the e-way bill's number,
 * date and validity) or 'irn' (the e-invoice's IRN, acknowledgement and signed QR), as JSON in `data`.
 */
export interface BillRegistrationTable {
  id: Generated<number>;
  unit: string;
  type: string;
  fy: number;
  billno: number;
  kind: string;
  data: string;
  saved_at: string;
  saved_by: string;
}

/** A unit's number series of a bill type, where its Business Profile changed the schema's default. */
export interface NumberSeriesTable {
  unit: string;
  type: string;
  format: string;
  updated_at: string;
  updated_by: string;
}

/** A unit's "GSTR-1 filed up to" day (the last day of a month): sales dated on or before it are locked. */
export interface FiledPeriodTable {
  unit: string;
  upto: string;
  updated_at: string;
  updated_by: string;
}

/** A payment received (issue 29): numbered per unit and financial year by the receipt series; amount in paise. */
export interface PaymentTable {
  id: Generated<number>;
  unit: string;
  fy: number;
  receipt_no: number;
  printed_no: string;
  client_name: string;
  /** clientNameKey of the client paying (clients.name_key, bills.client_key). */
  client_key: string;
  pay_date: string;
  amount: Paise;
  mode: string;
  reference: string;
  notes: string;
  /** Issue 46: the section the client deducted TDS under (null: none), and the TDS, which settles bills as money does. */
  tds_section: string | null;
  tds_amount: ColumnType<number | string, number | undefined, number>;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
  deleted_at: string | null;
  deleted_by: string | null;
}

/** The part of a payment that settles one bill (bills.id); what a payment does not allocate is on account. */
export interface PaymentAllocationTable {
  id: Generated<number>;
  payment_id: number;
  bill_id: number;
  amount: Paise;
}

/** An advance (receipt voucher) adjusted against a tax invoice (issue 46): whole paise, dated the invoice's date. */
export interface AdvanceAdjustmentTable {
  id: Generated<number>;
  unit: string;
  invoice_id: number;
  advance_id: number;
  amount: Paise;
  adjust_date: string;
  created_at: string;
  created_by: string;
}

/** A refund voucher and the advance it returns money of (issue 46); the amount is the refund's own total. */
export interface AdvanceRefundTable {
  id: Generated<number>;
  unit: string;
  refund_id: number;
  advance_id: number;
}

/** A unit's outgoing mail server (issue 32); the password encrypted with the key kept outside the database. */
export interface MailSettingsTable {
  unit: string;
  host: string;
  port: number;
  security: string;
  username: string;
  /** secret-box.ts's sealed text, '' when no password is set. */
  password_sealed: string;
  from_name: string;
  from_address: string;
  reply_to: string;
  updated_at: string;
  updated_by: string;
}

/** One e-mail to send or sent: a bill, a test; queued in the database so a restart loses none. */
export interface MailSendTable {
  id: Generated<number>;
  unit: string;
  /** What is sent: a bill (with its PDF) or a test message of the unit's settings. */
  kind: string;
  bill_type: string | null;
  fy: number | null;
  billno: number | null;
  /** A statement's or a reminder's client (issue 32 part 3), as named when it was queued. */
  client_name: string | null;
  /** A statement's period (YYYY-MM-DD). */
  period_from: string | null;
  period_to: string | null;
  /** JSON: { to: string[], cc: string[] }. */
  recipients: string;
  subject: string;
  body: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  /** The mail server's own words of the last failure. */
  error: string | null;
  attempts: number;
  /** When a queued send is due (ISO time): now, or after a temporary failure's wait. */
  due_at: string;
  created_at: string;
  sent_at: string | null;
  operator: string;
}

export interface Tables {
  operators: OperatorTable;
  catalog_entries: CatalogEntryTable;
  bills: BillTable;
  bill_tax_lines: BillTaxLineTable;
  audit_log: AuditLogTable;
  audit_chain_head: AuditChainHeadTable;
  sign_in_failures: SignInFailureTable;
  revoked_tokens: RevokedTokenTable;
  business_profiles: BusinessProfileTable;
  clients: ClientTable;
  bill_conversions: BillConversionTable;
  bill_notes: BillNoteTable;
  number_series: NumberSeriesTable;
  filed_periods: FiledPeriodTable;
  payments: PaymentTable;
  payment_allocations: PaymentAllocationTable;
  advance_adjustments: AdvanceAdjustmentTable;
  advance_refunds: AdvanceRefundTable;
  mail_settings: MailSettingsTable;
  mail_sends: MailSendTable;
  bill_registrations: BillRegistrationTable;
  contracts: ContractTable;
  contract_cycles: ContractCycleTable;
  stock_products: StockProductTable;
  stock_movements: StockMovementTable;
  stock_serials: StockSerialTable;
  purchases: PurchaseTable;
  stock_adjustments: StockAdjustmentTable;
}

export type Db = Kysely<Tables>;
export type SqlDialect = 'sqlite' | 'postgres';
