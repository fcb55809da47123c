import { normalizeBill, pageListRows, validateBill, type BillType, type ListPageQuery, type Registry, type Row } from '../../engine/core';
import { createAuditStore, sampleBillHistory } from './audit-store';
import { createBillStore } from './bill-store';
import { createCatalogStore } from './catalog-store';
import { createClientStore } from './client-store';
import { samplePdf } from './sample-pdf';
import { SAMPLE_STOCK, sampleMovements, sampleSerials } from './stock-store';
import rolesFile from '../../../schemas/roles.json';

type Json = Record<string, unknown>;

/** What the mocked server answers: JSON (spec 7 shapes, errors as `{ msg }`) or a PDF. */
export interface MockAnswer {
  /** 0: no answer at all (the server is down or the network gone). */
  status: number;
  json?: unknown;
  pdf?: Blob;
  /** Another file (a CSV), with the headers that name and type it. */
  file?: Blob;
  headers?: Record<string, string>;
}

export interface MockBackendOptions {
  /** Saved bills of each type (default 3). */
  billsPerType?: number;
  /** Lines of each saved bill (default 2). */
  linesPerBill?: number;
  /** Every saved bill's client has a name and an address as long as the fields allow. */
  longClients?: boolean;
  /**
   * Makes the PDF of a saved or viewed bill; by default a small sample PDF naming the bill (instant), or
   * realBillPdf (real-pdf.ts) for the document the server would send.
   */
  renderPdf?: (billType: BillType, bill: Row) => Promise<Blob>;
  /** Sign-in fails with the server's msg. */
  rejectSignIn?: boolean;
  /** Bill saves never answer, so the screen stays on its loading label. */
  holdSaves?: boolean;
  /** Bill saves fail: `server` as a proxy's 502 page (no msg), `network` with no answer at all. */
  failSaves?: Failure;
  /** The bill lists fail to load, the same two ways. */
  failLists?: Failure;
  /** The sign-in expired: every call but sign-in is refused with 401, as the server refuses a stale token. */
  expiredSignIn?: boolean;
  /** Rows of the audit trail on the Audit screen (issue 45; none by default). A bill's History is always there. */
  auditEntries?: number;
  /** Verify chain finds a row changed. */
  brokenChain?: boolean;
}

export type Failure = 'server' | 'network';

export type MockBackend = (method: string, path: string, body: Json) => Promise<MockAnswer>;
type Handler = (body: Json) => MockAnswer | Promise<MockAnswer>;

export const SIGN_IN_FAILED = 'Invalid email or password.';
export const MOCK_TOKEN = 'storybook-token';
/** The real server's answer to a missing or expired token (src/server/auth/authenticate.ts). */
export const SIGN_IN_EXPIRED = 'Your session is missing or has expired. Please sign in again.';

const FAILED: Record<Failure, MockAnswer> = { server: { status: 502 }, network: { status: 0 } };

const ok = (json: unknown): MockAnswer => ({ status: 200, json });
const fail = (status: number, msg: string): MockAnswer => ({ status, json: { msg } });

function billPdf(billType: BillType, bill: Row): Blob {
  const rows = Array.isArray(bill[billType.rowsField.name]) ? (bill[billType.rowsField.name] as Row[]) : [];
  return samplePdf([
    billType.pdf.title,
    `${billType.pdf.numberLabel} ${String(bill.billno)}  Date ${String(bill[billType.roles.billDate.name])}`,
    String(bill[billType.roles.clientName.name]),
    ...rows.map((row) => Object.values(row).filter((value) => typeof value !== 'object').join('  ')),
    '(a sample PDF made by Storybook; the server renders the real one)',
  ]);
}

/** The designer's operator: an owner, holding every action of schemas/roles.json, so every screen shows whole. */
const MOCK_ACCOUNT = {
  email: 'owner@alfadiesel.example',
  role: 'owner',
  roleLabel: rolesFile.roles.owner.label,
  units: null,
  actions: Object.keys(rolesFile.actions),
  mustChangePassword: false,
};

/**
 * An in-memory server for stories: every route of spec 7, derived from the registry as the real
 * server derives them, answering in the spec's shapes. Each story gets a fresh one.
 */
export function createMockBackend(registry: Registry, options: MockBackendOptions = {}): MockBackend {
  const bills = createBillStore(registry, options.billsPerType ?? 3, options.linesPerBill ?? 2, options.longClients);
  const catalogs = createCatalogStore(registry);
  const clients = createClientStore(registry, bills.all);
  const typeOf = (body: Json, key: string) => registry.byType(String(body[key]));
  const routes = new Map<string, Handler>();
  const pdfOf = options.renderPdf ?? (async (billType: BillType, bill: Row) => billPdf(billType, bill));

  routes.set('POST /api/auth/logout', () => ok({ msg: 'Signed out.' }));
  routes.set('POST /api/auth/login', () =>
    options.rejectSignIn ? fail(401, SIGN_IN_FAILED) : ok({ authToken: MOCK_TOKEN, account: MOCK_ACCOUNT }),
  );
  routes.set('POST /api/auth/me', () => ok({ account: MOCK_ACCOUNT }));
  for (const catalog of Object.values(registry.catalogs)) {
    routes.set(`GET /api/common/${catalog.get}`, () => ok({ [catalog.listKey]: catalogs.list(catalog) }));
    routes.set(`POST /api/common/${catalog.save}`, (body) => ok({ msg: catalogs.save(catalog, body) }));
  }
  const namedCatalog = (body: Record<string, unknown>) => registry.catalogs[String(body.catalog)];
  routes.set('POST /api/common/updatecatalogentry', (body) => ok({ msg: catalogs.update(namedCatalog(body), body) }));
  routes.set('POST /api/common/deletecatalogentry', (body) => ok({ msg: catalogs.remove(namedCatalog(body), body) }));

  const clientPaths = registry.clients.endpoints;
  routes.set(`GET /api/common/${clientPaths.list}`, (query) => clients.list(query));
  routes.set(`POST /api/common/${clientPaths.save}`, (body) => clients.save(body));
  routes.set(`POST /api/common/${clientPaths.delete}`, (body) => clients.remove(body));
  routes.set(`POST /api/common/${clientPaths.bills}`, (body) => clients.bills(body));

  const withType = (key: string, handle: (billType: BillType, body: Json) => MockAnswer | Promise<MockAnswer>): Handler =>
    (body) => {
      const billType = typeOf(body, key);
      return billType ? handle(billType, body) : fail(400, `Unknown bill type "${String(body[key])}".`);
    };
  routes.set('POST /api/common/getbillno', withType('billtype', (t) => ok({ billno: { billno: bills.lastNumber(t) } })));
  routes.set(
    'POST /api/common/getbill',
    withType('billtype', (t, body) => {
      if (options.failLists) return FAILED[options.failLists];
      const all = bills.list(t);
      // With paging parameters the server pages by the same rules and adds the total (README: API).
      if (body.limit === undefined) return ok({ bill: all });
      const { search, sort, order } = body as ListPageQuery;
      const found = pageListRows(t, all, { search, sort, order });
      const offset = Number(body.offset ?? 0);
      return ok({ bill: found.slice(offset, offset + Number(body.limit)), total: found.length });
    }),
  );
  routes.set(
    'POST /api/common/deletebill',
    withType('billtype', (t, body) =>
      bills.remove(t, Number(body.billno)) ? ok({ msg: `Bill No. ${String(body.billno)} deleted` }) : notFound(body),
    ),
  );
  routes.set(
    'POST /api/common/showpdf',
    withType('billtype', async (t, body) => {
      const bill = bills.get(t, Number(body.billno));
      return bill ? { status: 200, pdf: await pdfOf(t, bill) } : notFound(body);
    }),
  );

  const audit = createAuditStore(options.auditEntries ?? 0, options.brokenChain ?? false);
  routes.set('POST /api/common/getaudit', (body) => ok(audit.page(body)));
  routes.set('POST /api/common/verifyaudit', () => ok(audit.verify()));
  routes.set('POST /api/common/getauditcsv', (body) => ({
    status: 200,
    file: new Blob([audit.csv(body)], { type: 'text/csv' }),
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="audit-all-all.csv"' },
  }));
  routes.set(
    'POST /api/common/getbillhistory',
    withType('billtype', (t, body) => (bills.get(t, Number(body.billno)) ? ok({ entries: sampleBillHistory(t, Number(body.billno)) }) : notFound(body))),
  );

  // No month is marked as filed in the stories (issue 27): every bill opens for editing.
  for (const unit of registry.units) routes.set(`POST /api/${unit.slug}/getlock`, async () => ok({ upto: null }));
  // Nothing was sent by e-mail in the stories (issue 32): the edit screens' send log stays empty.
  routes.set('POST /api/common/getsendlog', async () => ok({ sends: [] }));
  routes.set('POST /api/common/getsendmarks', async () => ok({ marks: [] }));
  // Issue 29: two clients owing each unit, aged as the server ages them (the Receivables screen's stories).
  for (const unit of registry.units) routes.set(`POST /api/${unit.slug}/receivables`, async (body) => ok(sampleReceivables(body)));
  // Issue 50: each unit's day on the Today screen: two bills sold, one due this week, one client past due.
  for (const unit of registry.units) routes.set(`POST /api/${unit.slug}/today`, async (body) => ok(sampleToday(registry, String(body.asof ?? '2026-11-10'))));
  // No payment was received in the stories (issue 29): an edit screen's Paid line says nothing is paid yet.
  for (const unit of registry.units) routes.set(`POST /api/${unit.slug}/getpayments`, async () => ok({ payments: [] }));
  // Issue 48: each unit's stock, a product's movements and its serial numbers (the Stock screen's stories).
  routes.set('POST /api/getstock', (body) => ok({ stock: SAMPLE_STOCK.map((row) => ({ ...row, unit: String(body.unit) })) }));
  routes.set('POST /api/getstockmovements', (body) => ok(sampleMovements(String(body.product), sampleSale(registry, body.unit))));
  routes.set('POST /api/getserials', (body) => ok({ serials: sampleSerials(sampleSale(registry, body.unit), body.status as string | undefined) }));
  routes.set('POST /api/getpurchases', () => ok({ purchases: [] }));

  for (const billType of registry.billTypes) {
    routes.set(
      `POST ${billType.getPath}`,
      withType('billtype', (t, body) => {
        const bill = bills.get(t, Number(body.billno));
        return bill ? ok({ bill }) : notFound(body);
      }),
    );
    routes.set(`POST ${billType.createPath}`, withType('type', (t, body) => save(t, body)));
  }

  async function save(billType: BillType, body: Json): Promise<MockAnswer> {
    if (options.holdSaves) return new Promise<never>(() => {});
    if (options.failSaves) return FAILED[options.failSaves];
    const { method, type: _type, convertfrom: _from, ...payload } = body;
    const checked = validateBill(registry, billType, payload);
    if (!checked.ok) return fail(400, checked.msg);
    const saved = bills.put(billType, normalizeBill(billType, payload), method === 'update');
    // As on the server, a saved bill adds its client or brings the client's address and GSTIN up to date.
    if (saved.ok) clients.noteBill(billType, saved.bill);
    return saved.ok ? { status: 200, pdf: await pdfOf(billType, saved.bill) } : fail(saved.status, saved.msg);
  }

  return async (method, path, body) => {
    if (options.expiredSignIn && !path.startsWith('/api/auth/')) return fail(401, SIGN_IN_EXPIRED);
    const handle = routes.get(`${method.toUpperCase()} ${path}`);
    return handle ? handle(body) : fail(404, `No mocked route for ${method} ${path}.`);
  };
}

function notFound(body: Json): MockAnswer {
  return fail(404, `Bill No. ${String(body.billno)} not found.`);
}

/** What two clients owe as of a day: outstanding = the buckets' sum, most owed first; total = their sum. */
/** A unit's day as /api/{unit}/today answers it: the first sales type's bills. */
/** The bill type the samples' sales are of: the first sale of goods (stock goes out on goods lines), of `unit` if given. */
function sampleSale(registry: Registry, unit?: unknown): BillType {
  const sales = registry.billTypes.filter((billType) => billType.countsAsSales && (unit === undefined || billType.unit === unit));
  return sales.find((billType) => billType.lines === 'goods') ?? sales[0] ?? registry.billTypes[0];
}

function sampleToday(registry: Registry, asof: string) {
  const billtype = sampleSale(registry).type;
  return {
    asof,
    weekend: '2026-11-16',
    profilesaved: true,
    sales: { count: 2, amount: 7080 },
    due: {
      count: 1,
      amount: 4000,
      bills: [{ billtype, fy: '2026-27', billno: 1, printedno: '1', clientname: 'Bharat Roadways', billdate: '2026-10-14', duedate: '2026-11-13', balance: 4000 }],
    },
    overdue: { count: 1, amount: 13000, clients: [{ clientname: 'Kaveri Agro Industries', overdue: 13000, oldestdue: '2026-09-01' }] },
  };
}

function sampleReceivables(body: Json) {
  const clients = [
    { clientname: 'Kaveri Agro Industries', outstanding: 13000, notdue: 0, d1_30: 0, d31_60: 3000, d61_90: 0, d90plus: 10000, oldestdue: '2026-09-01', onaccount: 0 },
    { clientname: 'Bharat Roadways', outstanding: 5500, notdue: 4000, d1_30: 1500, d31_60: 0, d61_90: 0, d90plus: 0, oldestdue: '2026-12-04', onaccount: 0 },
  ];
  // Searched and paged as the server does (issue 51); the totals are every client's.
  const search = String(body.search ?? '').toLowerCase();
  const matching = clients.filter((client) => client.clientname.toLowerCase().includes(search));
  const offset = Number(body.offset ?? 0);
  const page = matching.slice(offset, body.limit === undefined ? undefined : offset + Number(body.limit));
  const totals = { outstanding: 18500, notdue: 4000, d1_30: 1500, d31_60: 3000, d61_90: 0, d90plus: 10000, onaccount: 0 };
  return { asof: String(body.asof ?? '2026-12-31'), clients: page, count: matching.length, totals, total: 18500 };
}
