/**
 * `npm run bench:reports`: the reports of issue 18 over a year of 100,000 stored tax invoices
 * (support/seeded-server.ts), through the real server: GSTR-1 for one month (about 8,300 invoices) and the
 * sales register for the whole financial year, JSON and CSV, each to the end of the answer's body, beside
 * the same server answering a trivial authenticated call. The register as Excel is timed too, once, with the
 * longest wait of another client's calls meanwhile, and so is five year-long registers asked for at once by one
 * operator (REPORTS_PER_OPERATOR of them run, the rest are refused at once). Issue 51: GSTR-3B of the month, and the
 * month's Tally XML import file (timed once, with the longest wait of another client's calls meanwhile).
 */
import { median, atMost, runIfMain, type Figure } from './support/report';
import { BIG, FINANCIAL_YEAR, sharedSeededServer } from './support/seeded-server';
import type { BenchServer } from './support/server';
import { longestWaitDuring } from './support/longest-wait';

const RUNS = 5;
/** Year-long registers one operator asks for at once (issue 25: a trivial call meanwhile waits at most 200 ms). */
const AT_ONCE = 5;
/** November 2026: a month in the middle of the seeded year. */
const MONTH = { fp: '112026', from: '2026-11-01', to: '2026-11-30' };

async function timed(call: () => Promise<unknown>, runs: number): Promise<number> {
  await call();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** A sanity check that the report really covers the seeded bills, so a figure can never time an empty answer. */
async function checkCoverage(server: BenchServer, unit: string): Promise<{ yearRows: number; monthInvoices: number }> {
  const register = await server.postJson<{ rows: unknown[] }>(`/api/${unit}/salesregister`, FINANCIAL_YEAR);
  const gstr1 = await server.postJson<{ b2b: { inv: unknown[] }[] }>(`/api/${unit}/gstr1`, { fp: MONTH.fp });
  const monthInvoices = gstr1.b2b.reduce((sum, buyer) => sum + buyer.inv.length, 0);
  if (register.rows.length < BIG.count || monthInvoices < BIG.count / 13) {
    throw new Error(`The reports cover ${register.rows.length} bills a year and ${monthInvoices} a month: seeding went wrong`);
  }
  return { yearRows: register.rows.length, monthInvoices };
}

/**
 * The longest a trivial call waits while one operator asks for AT_ONCE year-long registers at once: those past
 * the operator's report slots answer 429 at once, the others run side by side.
 */
export async function fiveRegistersWait(server: BenchServer, unit: string, trivialCall: () => Promise<unknown>) {
  let refused = 0;
  const registers = () =>
    Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        server.post(`/api/${unit}/salesregister`, { ...FINANCIAL_YEAR, format: 'json' }).catch((error: Error) => {
          if (!/answered 429/.test(error.message)) throw error;
          refused++;
        }),
      ),
    );
  const wait = await longestWaitDuring(registers, trivialCall);
  return { ...wait, refused };
}

export async function benchReports(): Promise<Figure[]> {
  const { server } = await sharedSeededServer();
  const unit = BIG.billType.unit;
  const { yearRows, monthInvoices } = await checkCoverage(server, unit);
  const call = (path: string, body: object) => () => server.post(path, body);
  const trivialCall = call('/api/common/getbillno', { billtype: BIG.billType.type });
  const trivial = { name: 'getbillno (trivial call)', value: await timed(trivialCall, RUNS) };
  const figure = (name: string, value: number, limit?: number): Figure => ({
    part: 'Reports',
    name,
    value,
    unit: 'ms',
    baseline: trivial,
    target: limit === undefined ? undefined : atMost(limit, 'ms')(value),
  });
  const register = (format: string) => call(`/api/${unit}/salesregister`, { ...FINANCIAL_YEAR, format });
  const year = `${yearRows.toLocaleString('en')} bills`;
  // Seconds of work, timed once, cold: the server's one JS thread writes the workbook, giving others a turn.
  const excel = await longestWaitDuring(register('xlsx'), trivialCall);
  const five = await fiveRegistersWait(server, unit, trivialCall);
  // Issue 51: the month's Tally XML (every invoice a voucher), timed once, with the longest wait of others' calls meanwhile.
  const tally = await longestWaitDuring(call(`/api/${unit}/tallyexport`, { from: MONTH.from, to: MONTH.to }), trivialCall);
  return [
    figure(`GSTR-1 JSON, one month (${monthInvoices.toLocaleString('en')} invoices)`, await timed(call(`/api/${unit}/gstr1`, { fp: MONTH.fp }), RUNS), 1000),
    figure(`sales register JSON, a year (${year})`, await timed(register('json'), RUNS), 1000),
    figure(`sales register CSV, a year (${year})`, await timed(register('csv'), RUNS)),
    figure(`sales register Excel, a year (${year}), once`, excel.workMs),
    figure(`trivial call's longest wait while that Excel downloads (${excel.calls} calls)`, excel.longestWait),
    figure(
      `longest trivial-call wait during five registers (${AT_ONCE} year-long JSON at once, ${five.refused} refused 429; ${five.calls} calls)`,
      five.longestWait,
      200,
    ),
    figure(`GSTR-3B, one month (${monthInvoices.toLocaleString('en')} invoices)`, await timed(call(`/api/${unit}/gstr3b`, { period: MONTH.fp }), RUNS), 500),
    figure(`Tally XML, one month (${monthInvoices.toLocaleString('en')} vouchers), once`, tally.workMs, 3000),
    figure(`trivial call's longest wait while that Tally XML downloads (${tally.calls} calls)`, tally.longestWait, 200),
    figure('sales register JSON, one month', await timed(call(`/api/${unit}/salesregister`, { from: MONTH.from, to: MONTH.to }), RUNS)),
  ];
}

await runIfMain(import.meta.url, benchReports);
