import type { MailApi } from './mail-api';
import type { EwayBillApi } from '../eway/eway-api';
import type { ReceivablesApi } from '../receivables/receivables-api';
import type { AccountApi } from '../auth/account-api';
import type { OperatorsApi } from '../operators/operators-api';
import type { AuditApi } from '../audit/audit-api';
import type { ShareApi } from '../share/share-api';
import type { PaymentsApi } from '../payments/payments-api';
import type { ContractsApi } from '../contracts/contracts-api';
import type { StockApi } from '../stock/stock-api';
import type { BillTypeEntry, BusinessProfile, ListRow, SellerProfile } from '../../engine/core';
import type { BillServices } from '../../engine/react/contract';
import type { ClientsApi } from './clients-api';
import type { CatalogsApi } from './catalogs-api';
import type { ReportsApi } from './reports-api';

/** A row of a bill list (spec 3: billno, date, clientname; keys from the bill type's list columns). */
export type BillListRow = ListRow;

export interface BillListQuery {
  /** 1-based page number. */
  page: number;
  pageSize: number;
  /** Client name (any part) or bill number. */
  search: string;
  /** A list column's key (`storedKey`). */
  sort: string;
  order: 'asc' | 'desc';
  /** Bills dated from / to (YYYY-MM-DD, both included); empty for no bound. */
  from?: string;
  to?: string;
  /** Only the bills of this financial year ("2026-27"); empty for every year. */
  fy?: string;
  /** The cancelled bills too, each marked `cancelled: true`. */
  cancelled?: boolean;
  /** Only the bills with a balance left (sales types: unpaid, part paid or overdue). */
  unpaid?: boolean;
}

export interface BillListPage {
  rows: BillListRow[];
  total: number;
}

/** What getprofile answers: the profile with the state read from its GSTIN, and whether it was ever saved. */
export type SavedProfileAnswer = Omit<SellerProfile, 'version'> & { saved: boolean; version: number };

/** Every call the web app makes (spec 7), behind one interface so screens can be tested with a fake. */
export interface AppApi {
  /** Resolves with the authToken; rejects with the server's msg. */
  login(email: string, password: string): Promise<string>;
  /** Asks the server to revoke the token (POST /api/auth/logout); never rejects: the operator is leaving anyway. */
  logout(token: string): Promise<void>;
  listBills(billType: BillTypeEntry, query: BillListQuery): Promise<BillListPage>;
  /** Resolves with the server's msg. */
  deleteBill(billType: BillTypeEntry, billno: number, fy?: string): Promise<string>;
  /** Brings a cancelled bill back (x-bill.kind sale on a GST unit); resolves with the server's msg. */
  restoreBill(billType: BillTypeEntry, billno: number, fy?: string): Promise<string>;
  /**
   * The bill's PDF; `copies` (1 to 3) prints that many, marked on tax bills (ORIGINAL FOR RECIPIENT ...); `fy`
   * names a bill of another financial year than this one.
   */
  showPdf(billType: BillTypeEntry, billno: number, copies?: number, fy?: string): Promise<Blob>;
  /** A unit's business profile (its units.json letterhead until saved); `saved` says which. */
  getProfile(unit: string): Promise<SavedProfileAnswer>;
  /** Resolves with the server's msg; rejects with the msg naming the field that is wrong. */
  saveProfile(unit: string, profile: BusinessProfile & { series?: Record<string, string> }): Promise<string>;
  services: BillServices;
  /** The sales register, sales by month and GSTR-1 (issue 18). */
  reports: ReportsApi;
  /** The saved clients: list, save, delete and a client's bills (issue 16). */
  clients: ClientsApi;
  /** The saved product and service lists on the Products & Services screen (issue 30). */
  catalogs: CatalogsApi;
  /** Mail settings, bills sent by e-mail and their log (issue 32). */
  mail: MailApi;
  /** Receivables, a client's statement, reminders and what was e-mailed to the client (issues 29, 32). */
  receivables: ReceivablesApi;
  /** Issue 45: the signed-in operator's role and actions, and their own password. */
  account: AccountApi;
  /** Issue 45: the Operators screen. */
  operators: OperatorsApi;
  /** Issue 45: the Audit screen, a bill's History and the chain's check. */
  audit: AuditApi;
  /** The e-way bill and e-invoice files and the portal's answers (issue 33). */
  eway: EwayBillApi;
  /** The lists' marks of what was sent, and Share (issue 32). */
  share: ShareApi;
  /** Payments received and their allocations (issue 29). */
  payments: PaymentsApi;
  /** Service contracts (issue 47). */
  contracts: ContractsApi;
  /** Stock on hand, purchases, adjustments and serial numbers (issue 48). */
  stock: StockApi;
}
