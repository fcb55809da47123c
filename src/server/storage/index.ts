import { registrationStore, type RegistrationStore } from './registrations';
import { billStore, type BillStore } from './bills';
import { catalogStore, type CatalogStore } from './catalog-entries';
import { clientStore, type ClientStore } from './clients';
import { conversionStore, type ConversionStore } from './conversions';
import { contractStore, type ContractStore } from './contracts';
import { openDatabase, type Database, type DatabaseOptions } from './database';
import { loadRegistry } from '../schema-files';
import { auditStore, type AuditStore } from './audit';
import { auditChainStore, type AuditChainStore } from './audit-verify';
import { auditTrailStore, type AuditTrailStore } from './audit-trail';
import { mailStore, type MailStore } from './mail';
import { noteStore, type NoteStore } from './notes';
import { numberSeriesStore, type NumberSeriesStore } from './number-series';
import { operatorStore, type OperatorStore } from './operators';
import { paymentStore, type PaymentStore } from './payments';
import { advanceStore, type AdvanceStore } from './advances';
import { periodLockStore, type PeriodLockStore } from './period-locks';
import { revokedTokenStore, type RevokedTokenStore } from './revoked-tokens';
import { salesReportStore, type SalesReportStore } from './sales-reports';
import { profileStore, type ProfileStore } from './profiles';
import { signInFailureStore, type SignInFailureStore } from './sign-in-failures';
import { trashStore, type TrashStore } from './trash';
import { stockWrites, type StockWrites } from './stock-writes';
import { stockReads, type StockReads } from './stock-reads';

/** The server's storage: one database, one store per table group. */
export interface Storage {
  database: Database;
  operators: OperatorStore;
  catalogs: CatalogStore;
  bills: BillStore;
  clients: ClientStore;
  conversions: ConversionStore;
  trash: TrashStore;
  /** Credit and debit notes: the bill each corrects (issue 28). */
  notes: NoteStore;
  /** The sales reports' queries over the bills' stored figures. */
  reports: SalesReportStore;
  signInFailures: SignInFailureStore;
  revokedTokens: RevokedTokenStore;
  profiles: ProfileStore;
  /** Each unit's number series per bill type (issue 27). */
  series: NumberSeriesStore;
  /** Each unit's "GSTR-1 filed up to" month. */
  periodLocks: PeriodLockStore;
  /** Audit rows of events that are not a change of their own (the lock's password checks). */
  audit: AuditStore;
  /** The audit chain's head and its verification (issue 45). */
  auditChain: AuditChainStore;
  /** The audit trail as its readers see it (the Audit screen, a bill's History, the CSV). */
  auditTrail: AuditTrailStore;
  /** Payments received and their allocations to bills (issue 29). */
  payments: PaymentStore;
  /** Advances (receipt vouchers) adjusted against invoices (issue 46). */
  advances: AdvanceStore;
  /** Each unit's mail server and the queued, sent and failed e-mails (issue 32). */
  mail: MailStore;
  /** The portals' answers typed back for a bill: e-way bill, e-invoice (issue 33). */
  registrations: RegistrationStore;
  /** Service contracts and the cycles they raised (issue 47). */
  contracts: ContractStore;
  /** Stock (issue 48): purchases, adjustments and the product master's stock fields, and what the ledger answers. */
  stock: StockWrites & StockReads;
  close(): Promise<void>;
}

/** Opens the database; bills save their client (clients.json) by the roles of `options.registry` (else schemas/). */
export async function openStorage(options: DatabaseOptions): Promise<Storage> {
  // Loaded on first use only: the operator CLI opens storage without ever saving a bill.
  let registry = options.registry;
  const registryOf = () => (registry ??= loadRegistry());
  const database = await openDatabase(options, registryOf);
  return {
    database,
    operators: operatorStore(database.db, database.dialect),
    catalogs: catalogStore(database.db),
    bills: billStore(database.db, database.dialect, registryOf),
    clients: clientStore(database.db),
    conversions: conversionStore(database.db, database.dialect),
    trash: trashStore(database.db, database.dialect, registryOf),
    notes: noteStore(database.db, database.dialect),
    reports: salesReportStore(database.reports, database.dialect),
    signInFailures: signInFailureStore(database.db, database.dialect),
    revokedTokens: revokedTokenStore(database.db),
    profiles: profileStore(database.db),
    series: numberSeriesStore(database.db, registryOf),
    periodLocks: periodLockStore(database.db),
    audit: auditStore(database.db),
    auditChain: auditChainStore(database.db),
    auditTrail: auditTrailStore(database.db),
    payments: paymentStore(database.db, database.dialect, registryOf),
    advances: advanceStore(database.db, database.dialect, registryOf),
    mail: mailStore(database.db, database.dialect),
    registrations: registrationStore(database.db),
    contracts: contractStore(database.db, database.dialect),
    stock: { ...stockWrites(database.db, database.dialect, registryOf), ...stockReads(database.db, registryOf) },
    close: () => database.close(),
  };
}

export type { DatabaseOptions } from './database';
export type { BillExtras, BillKey, BillListRow, BillRecord, BillRef, ListQuery } from './bills';
export { PeriodLockedError } from './period-locks';
export { NoteRefusedError, type NoteOfBill } from './notes';
export type { ConversionTarget } from './conversions';
export type { Operator } from './operators';
export type { SavedProfile } from './profiles';
export type { RegistrationKind, Registrations } from './registrations';
export type { DeletedBill } from './trash';
