import type { AxiosInstance } from 'axios';
import { BILL_YEAR_KEY, PRINTED_NUMBER_KEY } from '../../engine/core/stored-bill';
import type { BillTypeEntry } from '../../engine/core/registry/types';
import { registry } from '../registry';
import { paymentsSpec } from './payments-spec';

/** One bill a payment settles, as getpayments answers it (rupees). */
export interface PaymentAllocation {
  billtype: string;
  billno: number;
  fy: number;
  printedno: string;
  amount: number;
}

/** A saved payment as getpayments answers it. */
export interface SavedPayment {
  _id: string;
  receiptno: string;
  clientname: string;
  date: string;
  amount: number;
  mode: string;
  reference: string;
  notes: string;
  allocations: PaymentAllocation[];
  /** Income tax the client deducted (issue 46), rupees; null when none. */
  tds?: { section: string; amount: number } | null;
  /** What no bill took of the money and the TDS: on account. */
  unallocated: number;
}

/** A payment as savepayment takes it; `fy` of an allocation is a year label ("2026-27"). */
export interface PaymentToSave {
  _id?: string;
  clientname: string;
  date: string;
  amount: string;
  mode: string;
  reference: string;
  notes: string;
  allocations: { billtype: string; billno: number; fy: string; amount: string }[];
  tds?: { section: string; amount: string };
  /** The operator saw that the TDS is above the usual share and saves it anyway. */
  confirmtds?: boolean;
}

/** A client's sales bill a payment may settle: its balance (rupees) as the lists answer it. */
export interface PayableBill {
  billType: BillTypeEntry;
  billno: number;
  /** "2026-27". */
  fy: string;
  printedNo: string;
  date: string;
  total: number;
  paid: number;
  balance: number;
  status: string;
}

/** One adjustment of an advance against an invoice, from either side: the other document (rupees). */
export interface AdvanceLink {
  billtype: string;
  billno: number;
  /** "2026-27". */
  fy: string;
  printedno: string;
  date: string;
  amount: number;
}

/** A receipt voucher as getadvances answers it (rupees): what was adjusted of it and what is open. */
export interface SavedAdvance {
  billtype: string;
  billno: number;
  fy: string;
  printedno: string;
  date: string;
  clientname: string;
  amount: number;
  adjusted: number;
  refunded: number;
  open: number;
  adjustments: AdvanceLink[];
  /** The refund vouchers that returned money of it. */
  refunds: AdvanceLink[];
}

/** adjustadvance's body: the invoice and the advances it is settled by (amounts as typed, rupees). */
export interface AdvancesToAdjust {
  invoice: { billtype: string; billno: number; fy: string };
  advances: { billtype: string; billno: number; fy: string; amount: string }[];
}

export interface PaymentQuery {
  clientname?: string;
  from?: string;
  to?: string;
}

/** Payments received (issue 29): per unit, under payments.json's endpoint names. */
export interface PaymentsApi {
  list(unit: string, query?: PaymentQuery): Promise<SavedPayment[]>;
  /** Resolves with the server's msg, the payment's _id and its receipt number; rejects with the msg. */
  save(unit: string, payment: PaymentToSave): Promise<{ msg: string; _id: string; receiptno: string }>;
  remove(unit: string, id: string): Promise<string>;
  receipt(unit: string, id: string): Promise<Blob>;
  /** Every live sales bill of the client in the unit, of every year, oldest first (balances as of today). */
  clientBills(unit: string, clientName: string): Promise<PayableBill[]>;
  /** A client's receipt vouchers (issue 46), with what of each was adjusted and is open. */
  advances(unit: string, clientName: string): Promise<SavedAdvance[]>;
  /** Replaces an invoice's adjusted advances; resolves with the server's msg, rejects with it. */
  adjustAdvances(unit: string, adjustment: AdvancesToAdjust): Promise<string>;
}

/** The server's advance endpoints (src/server/routes/advances.ts). */
const ADVANCE_ENDPOINTS = { list: 'getadvances', adjust: 'adjustadvance' } as const;

/** The receipt PDF as binary (as reports-api asks for its files: http-client's PDF_REQUEST would split a chunk off). */
const RECEIPT_REQUEST = { responseType: 'blob', headers: { Accept: 'application/pdf' } } as const;

/** The most bills of one type a list call answers (common-bills MAX_PAGE_SIZE). */
const MAX_ROWS = 1000;

const sameName = (a: unknown, b: string) => String(a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

export function createPaymentsApi(http: AxiosInstance): PaymentsApi {
  const { endpoints } = paymentsSpec;
  const path = (unit: string, endpoint: string) => `/api/${unit}/${endpoint}`;
  const post = async <T>(url: string, body: object) => (await http.post<T>(url, body)).data;

  async function billsOf(billType: BillTypeEntry, clientName: string): Promise<PayableBill[]> {
    const { bill } = await post<{ bill: Record<string, unknown>[] }>('/api/common/getbill', { billtype: billType.type, search: clientName.trim(), offset: 0, limit: MAX_ROWS });
    // The search matches any part of a name: only this client's own bills are kept.
    return bill
      .filter((row) => sameName(row[billType.roles.clientName.name], clientName) && typeof row.balance === 'number' && row.status !== 'cancelled')
      .map((row) => ({
        billType,
        billno: Number(row.billno),
        fy: String(row[BILL_YEAR_KEY] ?? ''),
        printedNo: String(row[PRINTED_NUMBER_KEY] ?? row.billno),
        date: String(row[billType.roles.billDate.name] ?? ''),
        total: Number(row.total),
        paid: Number(row.paid ?? 0),
        balance: Number(row.balance),
        status: String(row.status),
      }));
  }

  return {
    list: async (unit, query = {}) => (await post<{ payments: SavedPayment[] }>(path(unit, endpoints.list), query)).payments,
    save: (unit, payment) => post(path(unit, endpoints.save), payment),
    remove: async (unit, id) => (await post<{ msg: string }>(path(unit, endpoints.delete), { _id: id })).msg,
    receipt: async (unit, id) => (await http.post<Blob>(path(unit, endpoints.receipt), { _id: id }, RECEIPT_REQUEST)).data,
    advances: async (unit, clientName) => (await post<{ advances: SavedAdvance[] }>(path(unit, ADVANCE_ENDPOINTS.list), { clientname: clientName })).advances,
    adjustAdvances: async (unit, adjustment) => (await post<{ msg: string }>(path(unit, ADVANCE_ENDPOINTS.adjust), adjustment)).msg,
    async clientBills(unit, clientName) {
      const types = registry.billTypes.filter((billType) => billType.unit === unit && billType.countsAsSales);
      const bills = (await Promise.all(types.map((billType) => billsOf(billType, clientName)))).flat();
      return bills.sort((a, b) => a.date.localeCompare(b.date) || a.billno - b.billno);
    },
  };
}
