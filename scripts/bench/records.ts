/**
 * `npm run bench:records` (issue 51 item 4): the wave's records, each on its own fresh server (SQLite) and timed
 * from the call, beside a trivial call of the same server in the same run:
 * - a bill's History after 200 edits (`getbillhistory`), median of rounds;
 * - a contract run raising 1,000 invoices due on one day (`runcontracts`), once;
 * - `verifyaudit` over 1,000,000 audit rows, once: the rows are chained with the server's own key and hash
 *   (storage/audit-chain.ts) straight into the database file while the server is stopped, then it starts again.
 */
import { readFileSync } from 'node:fs';
import { openStorage } from '../../src/server/storage';
import { defaultAuditKeyFile } from '../../src/server/storage/audit-key';
import { rowHash } from '../../src/server/storage/audit-chain';
import { validPayload } from '../../tests/fixtures/payloads';
import { loadRegistry } from '../../src/server/schema-files';
import { atMost, medianOfRounds, runIfMain, timed, type Figure } from './support/report';
import { startBenchServer, type BenchServer } from './support/server';

const registry = loadRegistry();
const taxInvoice = registry.byType('taxinvoice')!;
const EDITS = 200;
const CONTRACTS = 1000;
const AUDIT_ROWS = 1_000_000;
const ROUNDS = 7;
/** The day every contract falls due: after today, so the server's own hourly run leaves them to the call timed. */
const DUE = '2027-02-01';

const rounds = (call: () => Promise<unknown>) => medianOfRounds(ROUNDS, call);

/** A figure of this part, beside the same server's trivial call, within `limitMs`. */
const recordsFigure = (name: string, value: number, trivial: number, limitMs: number): Figure => ({
  part: 'Records',
  name,
  value,
  unit: 'ms',
  baseline: { name: 'getbillno (trivial call)', value: trivial },
  target: atMost(limitMs, 'ms')(value),
});

const trivialOf = (server: BenchServer) => () => server.post('/api/common/getbillno', { billtype: taxInvoice.type });

async function historyFigures(): Promise<Figure[]> {
  const server = await startBenchServer();
  try {
    const payload = validPayload(taxInvoice, 3, { invoiceno: 1 });
    await server.post(taxInvoice.createPath, { ...payload, method: 'create', type: taxInvoice.type });
    for (let edit = 1; edit <= EDITS; edit++) {
      await server.post(taxInvoice.createPath, { ...payload, clientaddress: `Shed ${edit}, Turbhe MIDC, Navi Mumbai`, method: 'update', type: taxInvoice.type });
    }
    const trivial = await rounds(trivialOf(server));
    const history = await rounds(() => server.post('/api/common/getbillhistory', { billtype: taxInvoice.type, billno: 1 }));
    return [recordsFigure(`a bill's History after ${EDITS} edits (getbillhistory)`, history, trivial, 300)];
  } finally {
    await server.stop();
  }
}

async function contractRunFigures(): Promise<Figure[]> {
  const server = await startBenchServer();
  try {
    await server.post('/api/common/saveclient', { clientname: 'Sahyadri Hospital', clientaddress: 'Karve Road, Pune', gstno: '27AAPFU0939F1ZV' });
    const service = { servicename: 'Monthly AMC service', servicedesc: 'Filters, oil, load test', rate: '6000', amount: '6000', hsn: '998714', taxrate: '18' };
    for (let n = 1; n <= CONTRACTS; n++) {
      await server.post('/api/gst/savecontract', {
        clientname: 'Sahyadri Hospital',
        startdate: DUE,
        cycles: 12,
        frequency: 'monthly',
        product: [{ srno: 1, productname: `DG set ${n}`, service: [service] }],
      });
    }
    const trivial = await rounds(trivialOf(server));
    let raised = 0;
    const run = await timed(async () => {
      raised = (await server.postJson<{ raised: unknown[] }>('/api/gst/runcontracts', { asof: DUE })).raised.length;
    });
    if (raised !== CONTRACTS) throw new Error(`The run raised ${raised} invoices, not ${CONTRACTS}`);
    return [recordsFigure(`contract run raising ${CONTRACTS} invoices due on one day, once`, run, trivial, 10_000)];
  } finally {
    await server.stop();
  }
}

/** AUDIT_ROWS rows chained after the database's own, written in batches, and the head moved to the last. */
async function seedAuditChain(dataDir: string): Promise<void> {
  const key = Buffer.from(readFileSync(defaultAuditKeyFile(dataDir), 'utf8').trim(), 'hex');
  const storage = await openStorage({ dataDir });
  try {
    const { db } = storage.database;
    const head = await db.selectFrom('audit_chain_head').select(['row_count', 'hash']).where('id', '=', 1).executeTakeFirstOrThrow();
    let previous = head.hash;
    let seq = Number(head.row_count);
    const at = new Date().toISOString();
    const BATCH = 2000;
    await db.transaction().execute(async (trx) => {
      for (let written = 0; written < AUDIT_ROWS; written += BATCH) {
        const rows = [];
        for (let i = 0; i < BATCH; i++) {
          seq += 1;
          const row = { seq, at, operator: 'bench@alfadiesel.test', action: 'update' as const, unit: 'gst', type: 'taxinvoice', billno: seq, before: '{"clientaddress":"Shed 1"}', after: '{"clientaddress":"Shed 2"}' };
          const hash = rowHash(key, previous, row);
          rows.push({ ...row, hash });
          previous = hash;
        }
        await trx.insertInto('audit_log').values(rows).execute();
      }
      await trx.updateTable('audit_chain_head').set({ row_count: seq, hash: previous }).where('id', '=', 1).execute();
    });
  } finally {
    await storage.close();
  }
}

async function auditVerifyFigures(): Promise<Figure[]> {
  const first = await startBenchServer();
  await first.stopKeepingData();
  const seedStarted = performance.now();
  await seedAuditChain(first.dataDir);
  console.log(`Records: chained ${AUDIT_ROWS} audit rows in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
  const server = await startBenchServer({}, first);
  try {
    const trivial = await rounds(trivialOf(server));
    let verified = '';
    const verify = await timed(async () => {
      verified = JSON.stringify(await server.postJson('/api/common/verifyaudit', {}));
    });
    if (!/"ok":true/.test(verified)) throw new Error(`verifyaudit did not hold: ${verified.slice(0, 300)}`);
    return [recordsFigure(`verifyaudit over ${AUDIT_ROWS.toLocaleString('en')} audit rows, once`, verify, trivial, 10_000)];
  } finally {
    await server.stop();
  }
}

export async function benchRecords(): Promise<Figure[]> {
  return [...(await historyFigures()), ...(await contractRunFigures()), ...(await auditVerifyFigures())];
}

await runIfMain(import.meta.url, benchRecords);
