/**
 * `npm run bench:save`: save throughput of the real server. Creates of the tax goods bill (its `createPath` from
 * the registry: validate, PDF, store in one transaction with the audit row) by 1 and 8 concurrent clients, each
 * request a new bill number, beside the same server answering an authenticated cheap call (`getbillno`) with the
 * same clients: what HTTP, auth and the database cost without a save. Rounds alternate save and no-op; each
 * figure is the median over the rounds.
 * - On SQLite, with the machine's load average before and after the 8 clients' rounds (issue 35 item 4).
 * - On PostgreSQL (TEST_DATABASE_URL, a scratch schema of it), 8 clients, beside SQLite's; no target: what bounds
 *   it is printed from the server's CPU profile under the same load.
 * - Money in (issue 35 item 3): 8 clients whose requests mix saves with recorded payments and credit notes, on a
 *   database holding a year of bills, payments and credit notes, against 8 clients only saving on a new database,
 *   rounds interleaved: a save's time in each (support/save-mix.ts).
 * A missed target prints the server's CPU profile under that load. `npm run bench:save -- --profile` prints the
 * SQLite profile always; ROUNDS and SECONDS shorten a run for a quick check.
 */
import { loadavg } from 'node:os';
import { loadRegistry } from '../../src/server/schema-files';
import { validPayload } from '../../tests/fixtures/payloads';
import { postLoad, type LoadResult } from './support/load';
import { atLeast, atMost, median, runIfMain, type Figure } from './support/report';
import { SAVE_SERVER_ENV, serverProfile } from './support/save-profile';
import { saveMixFigures } from './support/save-mix';
import { scratchPostgres } from './support/scratch-postgres';
import { startBenchServer, type BenchServer } from './support/server';

const CLIENTS = [1, 8];
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS_PER_RUN = Number(process.env.SECONDS ?? 5);
const LINES_PER_BILL = 4;

const billType = loadRegistry().byType('taxinvoice')!;

/** Bill numbers are never reused, so every create of a server's run takes its next one. */
function loads(server: BenchServer, connections: number, numbers: { next: number }) {
  const run = (path: string, body: () => object) => () =>
    postLoad({ url: new URL(path, server.url).href, token: server.token, connections, seconds: SECONDS_PER_RUN, body });
  const bill = () => ({ ...validPayload(billType, LINES_PER_BILL, { invoiceno: numbers.next++ }), method: 'create', type: billType.type });
  const saves = run(billType.createPath, bill);
  return {
    // autocannon stops at its time with requests still in flight, whose PDFs the server goes on making; on a
    // loaded machine they would still count against the operator's renders in the next run. One more save, queued
    // behind them in the render pool, answers once they are done.
    save: async () => {
      const result = await saves();
      await saveWhenLet(server, bill());
      return result;
    },
    noop: run('/api/common/getbillno', () => ({ billtype: billType.type })),
  };
}

const RETRY_AFTER_MS = 100;

/** One save, sent again while the operator's renders are all taken (429). */
async function saveWhenLet(server: BenchServer, body: object): Promise<void> {
  for (;;) {
    try {
      await server.post(billType.createPath, body);
      return;
    } catch (error) {
      if (!(error instanceof Error && error.message.includes(' answered 429'))) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
    }
  }
}

function checked(name: string, result: LoadResult): LoadResult {
  if (result.failed > 0 || result.ok === 0) throw new Error(`${name}: ${result.failed} failed requests of ${result.ok + result.failed} (${result.failures})`);
  return result;
}

type Measure = 'perSecond' | 'p50' | 'p99';
const loadNow = () => loadavg()[0].toFixed(1);

async function measure(server: BenchServer, database: string, connections: number, numbers: { next: number }): Promise<Figure[]> {
  const { save, noop } = loads(server, connections, numbers);
  const saves: LoadResult[] = [];
  const noops: LoadResult[] = [];
  const loadBefore = loadNow();
  for (let round = 0; round < ROUNDS; round++) {
    saves.push(checked('save', await save()));
    noops.push(checked('getbillno', await noop()));
  }
  const load = `load average ${loadBefore} -> ${loadNow()}`;
  const of = (results: LoadResult[], key: Measure) => median(results.map((result) => result[key]));
  const clients = `${connections} client${connections > 1 ? 's' : ''}`;
  const baseline = (key: Measure) => ({ name: `getbillno, ${clients}`, value: of(noops, key) });
  // SQLite's figures at 8 clients carry issue 51's targets (100 bills/s, p99 150 ms); PostgreSQL's none yet.
  const targeted = connections === 8 && database === 'SQLite';
  const on = database === 'SQLite' ? '' : `${database}, `;
  return [
    {
      part: 'Save',
      name: `${on}${billType.createPath}, ${clients}: bills/s (${load})`,
      value: of(saves, 'perSecond'),
      unit: '/s',
      baseline: baseline('perSecond'),
      target: targeted ? atLeast(100, '/s')(of(saves, 'perSecond')) : undefined,
    },
    { part: 'Save', name: `${on}${clients}: latency p50`, value: of(saves, 'p50'), unit: 'ms', baseline: baseline('p50') },
    {
      part: 'Save',
      name: `${on}${clients}: latency p99`,
      value: of(saves, 'p99'),
      unit: 'ms',
      baseline: baseline('p99'),
      target: targeted ? atMost(150, 'ms')(of(saves, 'p99')) : undefined,
    },
  ];
}

/** A server's figures at each concurrency, after a warm-up at each (the first PDFs load fonts, the JIT has not run,
 * and one client keeps one render thread busy, so a second thread would start and compile in the first round). */
async function databaseFigures(database: string, env: NodeJS.ProcessEnv, concurrencies: number[]): Promise<Figure[]> {
  const server = await startBenchServer({ ...SAVE_SERVER_ENV, ...env });
  const numbers = { next: 1 };
  try {
    for (const connections of concurrencies) await loads(server, connections, numbers).save();
    const figures: Figure[] = [];
    for (const connections of concurrencies) figures.push(...(await measure(server, database, connections, numbers)));
    return figures;
  } finally {
    await server.stop();
  }
}

/** 8 clients saving on a server started with `env`, under the CPU profiler: its summary. */
function profileUnderSaves(label: string, env: NodeJS.ProcessEnv): Promise<string> {
  const numbers = { next: 1 };
  return serverProfile(
    label,
    env,
    async (server) => {
      for (const connections of CLIENTS) await loads(server, connections, numbers).save();
    },
    (server) => loads(server, 8, numbers).save(),
  );
}

async function postgresFigures(): Promise<Figure[]> {
  const postgres = await scratchPostgres();
  if (!postgres) {
    console.log('Save: no TEST_DATABASE_URL, so no PostgreSQL figures');
    return [];
  }
  try {
    const figures = await databaseFigures('PostgreSQL', { DATABASE_URL: postgres.url }, [8]);
    // No target yet: what bounds it, from the server's profile under the same load (a new schema, as measured).
    const profiled = await scratchPostgres();
    try {
      console.log(`\n${await profileUnderSaves('PostgreSQL: server profile, 8 clients saving', { DATABASE_URL: profiled!.url })}\n`);
    } finally {
      await profiled!.dispose();
    }
    return figures;
  } finally {
    await postgres.dispose();
  }
}

export async function benchSave(): Promise<Figure[]> {
  const sqlite = await databaseFigures('SQLite', {}, CLIENTS);
  if (sqlite.some((figure) => figure.target && !figure.target.met)) {
    console.log(`\n${await profileUnderSaves('SQLite: a save target missed; server profile, 8 clients saving', {})}\n`);
  }
  return [...sqlite, ...(await postgresFigures()), ...(await saveMixFigures(ROUNDS, SECONDS_PER_RUN))];
}

async function profileSave(): Promise<void> {
  console.log(`\n${await profileUnderSaves('SQLite: server profile, 8 clients saving', {})}`);
}

await runIfMain(import.meta.url, benchSave, process.argv.includes('--profile') ? profileSave : undefined);
