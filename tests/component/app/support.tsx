import { DEFAULT_MAIL_SETTINGS } from '../../../src/engine/core/mail-settings';
import { cleanup, configure, render } from '@testing-library/react';
import { Toaster, toast } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, vi } from 'vitest';
import { defaultProfile, gstr3bOutward, sellerProfile } from '../../../src/engine/core';
import type { BillServices } from '../../../src/engine/react/contract';
import { ApiProvider } from '../../../src/app/api/ApiContext';
import type { AppApi, BillListRow } from '../../../src/app/api/types';
import type { PayableBill, PaymentsApi, SavedAdvance } from '../../../src/app/payments/payments-api';
import { setToken } from '../../../src/app/auth/token-store';
import type { Account } from '../../../src/app/auth/account-api';
import rolesFile from '../../../schemas/roles.json';
import { loadEveryBillType } from '../../../src/app/registry';
import { appRoutes } from '../../../src/app/router';

// A screen shows once its chunk and its bill type's module have loaded: on a loaded two-core machine the first
// screen of a file can take longer than the library's one second.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; react-hot-toast asks it whether the user prefers reduced motion.
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;

afterEach(() => {
  cleanup();
  toast.remove();
  localStorage.clear();
  vi.restoreAllMocks();
});

// Each type's screens load it on demand; these tests are about the screens, and read every type whole.
export const registry = await loadEveryBillType();

export function billType(type: string) {
  const found = registry.byType(type);
  if (!found) throw new Error(`no bill type ${type}`);
  return found;
}

export function fakeServices(): BillServices {
  return {
    nextBillNumber: vi.fn(async () => 1),
    catalogEntries: vi.fn(async () => []),
    saveCatalogEntry: vi.fn(async () => undefined),
    submitBill: vi.fn(async () => new Blob(['%PDF-1.4'], { type: 'application/pdf' })),
    loadBill: vi.fn(async () => null),
  };
}

/** The account `me` answers: an owner, holding every action of schemas/roles.json, unless a test says otherwise. */
export function accountOf(actions: string[] = Object.keys(rolesFile.actions), more: Partial<Account> = {}): Account {
  return { email: 'operator@alfadiesel.test', role: 'owner', roleLabel: 'Owner', units: null, actions, mustChangePassword: false, ...more };
}

/** The payments' calls (issue 29) as spies. */
export function fakePayments() {
  return {
    list: vi.fn(async () => []),
    save: vi.fn(async () => ({ msg: 'Payment saved: receipt R/1.', _id: '1', receiptno: 'R/1' })),
    remove: vi.fn(async () => 'Receipt R/1 deleted.'),
    receipt: vi.fn(async () => new Blob(['%PDF-1.4'], { type: 'application/pdf' })),
    clientBills: vi.fn(async (): Promise<PayableBill[]> => []),
    advances: vi.fn(async (): Promise<SavedAdvance[]> => []),
    adjustAdvances: vi.fn(async () => 'Advances adjusted.'),
  } satisfies PaymentsApi;
}

/** An AppApi whose calls are spies; `rows` answers listBills with server-style paging. */
export function fakeApi(rows: BillListRow[] = [], overrides: Partial<AppApi> = {}) {
  const api = {
    login: vi.fn(async () => 'a-token'),
    logout: vi.fn(async () => undefined),
    listBills: vi.fn(async (_type, query) => {
      const start = (query.page - 1) * query.pageSize;
      return { rows: rows.slice(start, start + query.pageSize), total: rows.length };
    }),
    deleteBill: vi.fn(async (_type, billno: number) => `Bill No. ${billno} deleted`),
    restoreBill: vi.fn(async (_type, billno: number) => `Bill No. ${billno} restored`),
    showPdf: vi.fn(async (_type, _billno: number, _copies?: number) => new Blob(['%PDF-1.4'], { type: 'application/pdf' })),
    getProfile: vi.fn(async (unit: string) => ({ ...sellerProfile(defaultProfile(registry.units.find((u) => u.slug === unit)!.letterhead), '0'), saved: false, version: 0 })),
    saveProfile: vi.fn(async () => 'The business profile has been saved.'),
    services: fakeServices(),
    reports: {
      register: vi.fn(async () => ({ rows: [], totals: { taxable: 0, cgst: 0, sgst: 0, igst: 0, roundoff: 0, total: 0 }, cancelled: [] })),
      salesByMonth: vi.fn(async () => []),
      download: vi.fn(async () => ({ blob: new Blob([]), fileName: 'register.csv' })),
      gstr1: vi.fn(async () => ({ blob: new Blob([]), fileName: 'gstr1.json' })),
      tdsReport: vi.fn(async () => ({ blob: new Blob([]), fileName: 'tds.csv' })),
      tally: vi.fn(async () => ({ blob: new Blob([]), fileName: 'tally.xml' })),
      gstr3b: vi.fn(async (_unit: string, fp: string) => {
        const gstr1 = { b2b: [], b2cl: [], b2cs: [] };
        return { gstr3b: { gstin: '', ret_period: fp, ...gstr3bOutward(gstr1, '27') }, gstr1 };
      }),
      filedUpTo: vi.fn(async () => ''),
      markFiled: vi.fn(async (_unit: string, upto: string) => `GSTR-1 marked as filed up to ${upto}.`),
    },
    clients: {
      list: vi.fn(async () => ({ clients: [], total: 0 })),
      save: vi.fn(async () => 'Client saved.'),
      remove: vi.fn(async () => 'Client deleted.'),
      bills: vi.fn(async () => []),
    },
    payments: fakePayments(),
    contracts: {
      list: vi.fn(async () => []),
      get: vi.fn(async () => {
        throw new Error('Contract not found.');
      }),
      save: vi.fn(async () => '1'),
      remove: vi.fn(async () => 'Contract deleted.'),
      pause: vi.fn(async () => 'Contract paused.'),
      resume: vi.fn(async () => 'Contract resumed.'),
      end: vi.fn(async () => 'Contract ended.'),
      raise: vi.fn(async () => 'Invoice 1 raised.'),
    },
    catalogs: {
      list: vi.fn(async () => []),
      add: vi.fn(async () => 'Saved.'),
      update: vi.fn(async () => 'Saved.'),
      remove: vi.fn(async () => 'Deleted.'),
    },
    mail: {
      settings: vi.fn(async () => ({ ...DEFAULT_MAIL_SETTINGS, passwordset: false, saved: false })),
      saveSettings: vi.fn(async () => 'The e-mail settings have been saved.'),
      testMail: vi.fn(async (_unit: string, to: string) => `A test e-mail was sent to ${to}. Check that it arrived.`),
      draft: vi.fn(async () => ({ to: [], cc: [], subject: 'Invoice 1 from ALFA DIESEL', body: 'Dear client,' })),
      send: vi.fn(async () => 'Invoice No. 1 is being sent.'),
      log: vi.fn(async () => []),
      retry: vi.fn(async () => 'The e-mail is being sent again.'),
    },
    receivables: {
      receivables: vi.fn(async () => ({
        asof: '2026-11-27',
        clients: [],
        count: 0,
        totals: { outstanding: 0, notdue: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0, onaccount: 0 },
        total: 0,
      })),
      // A fresh database's day: nothing sold, nothing due, no profile saved (so Today forwards to the landing screen).
      today: vi.fn(async () => ({
        asof: '2026-11-27',
        weekend: '2026-12-03',
        profilesaved: false,
        sales: { count: 0, amount: 0 },
        due: { count: 0, amount: 0, bills: [] },
        overdue: { count: 0, amount: 0, clients: [] },
      })),
      statementFile: vi.fn(async () => ({ blob: new Blob(['%PDF']), fileName: 'Statement.pdf' })),
      reminder: vi.fn(async () => ({ link: 'https://wa.me/?text=', overdue: [] })),
      clientDraft: vi.fn(async () => ({ to: [], cc: [], subject: 'Statement', body: 'Dear client,' })),
      sendClientMail: vi.fn(async () => 'The statement is being sent.'),
      clientLog: vi.fn(async () => []),
      remindOnWhatsApp: vi.fn(async () => undefined),
    },
    share: {
      marks: vi.fn(async () => new Map()),
      message: vi.fn(async () => ({ phone: '', message: '', link: 'https://wa.me/?text=' })),
      shareBill: vi.fn(async () => undefined),
    },
    eway: {
      ewayBillFile: vi.fn(async () => ({ version: '1.0.0621' as const, billLists: [] })),
      saveEwayBill: vi.fn(async () => 'E-Way Bill No. saved.'),
      saveIrn: vi.fn(async () => 'IRN saved.'),
      eInvoiceFile: vi.fn(async () => ({ DocDtls: { No: '1' } })),
      eInvoicePeriod: vi.fn(async () => []),
      ewayBillPeriod: vi.fn(async () => ({ version: '1.0.0621' as const, billLists: [] })),
      irnOf: vi.fn(async () => null),
    },
    stock: {
      stock: vi.fn(async () => []),
      movements: vi.fn(async (_unit: string, product: string) => ({ product, opening: 0, closing: 0, movements: [] })),
      serials: vi.fn(async () => []),
      purchases: vi.fn(async () => []),
      savePurchase: vi.fn(async () => 'Purchase saved.'),
      deletePurchase: vi.fn(async () => 'Purchase deleted.'),
      purchaseRegister: vi.fn(async () => ({ blob: new Blob(['Date']), fileName: 'PurchaseRegister.csv' })),
      adjust: vi.fn(async () => 'Stock adjusted.'),
      register: vi.fn(async () => ({ blob: new Blob(['Product']), fileName: 'StockRegister.csv' })),
    },
    account: {
      me: vi.fn(async () => accountOf()),
      changePassword: vi.fn(async () => ({ msg: 'Your password has been changed.', authToken: 'a-new-token', account: accountOf() })),
    },
    operators: {
      list: vi.fn(async () => ({ operators: [], roles: [], units: [] })),
      add: vi.fn(async () => 'Added.'),
      update: vi.fn(async () => 'Changed.'),
      resetPassword: vi.fn(async () => 'Reset.'),
    },
    audit: {
      list: vi.fn(async (_filters, page: number, pageSize: number) => ({ entries: [], total: 0, page, pageSize, operators: [], documents: [], actions: [] })),
      csv: vi.fn(async () => ({ blob: new Blob(['Row,When']), fileName: 'audit-all-all.csv' })),
      verify: vi.fn(async () => ({ ok: true, rows: 0, head: '0:', msg: 'The audit chain of 0 rows verifies.' })),
      billHistory: vi.fn(async () => []),
    },
    ...overrides,
  } satisfies AppApi;
  return api;
}

/** Stores a token as the sign-in page does (so a sign-out in an earlier test is forgotten). */
export function signIn(token = 'a-token'): void {
  setToken(token);
}

/** The whole app (router from the real registry, header, toasts, modals) at `path`, over a fake API. */
export function renderApp(path: string, api: AppApi = fakeApi()) {
  const router = createMemoryRouter(appRoutes(registry), { initialEntries: [path] });
  const view = render(
    <ApiProvider api={api}>
      <RouterProvider router={router} />
      <Toaster />
    </ApiProvider>,
  );
  return { router, api, ...view };
}

export function rowsOf(count: number): BillListRow[] {
  return Array.from({ length: count }, (_, i) => ({
    billno: count - i,
    date: '2024-03-15',
    clientname: `Client ${count - i}`,
  }));
}
