/**
 * `npm run bench:save`: save throughput of the real server on SQLite. Creates of the tax goods bill (its
 * `createPath` from the registry: validate, PDF, store in one transaction with the audit row) by 1 and 8
 * concurrent clients, each request a new bill number, beside the same server answering an authenticated
 * cheap call (`getbillno`) with the same clients: what HTTP, auth and the database cost without a save.
 * Rounds alternate save and no-op; each figure is the median over the rounds.
 * `npm run bench:save -- --profile` also prints where the server's CPU time goes under 8 clients.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegistry } from '../../src/server/schema-files';
import { validPayload } from '../../tests/fixtures/payloads';
import { byFunction, byPlace, formatShares, idlePercent, type CpuProfile } from './support/cpu-profile';
import { postLoad, type LoadResult } from './support/load';
import { atLeast, atMost, median, runIfMain, type Figure } from './support/report';
import { startBenchServer, type BenchServer } from './support/server';

const CLIENTS = [1, 8];
const ROUNDS = 3;
const SECONDS_PER_RUN = 5;
const LINES_PER_BILL = 4;

const billType = loadRegistry().byType('taxinvoice')!;

/** Bill numbers are never reused, so every create of the run takes the next one. */
let nextBillNumber = 1;

function loads(server: BenchServer, connections: number) {
  const run = (path: string, body: () => object) => () =>
    postLoad({ url: new URL(path, server.url).href, token: server.token, connections, seconds: SECONDS_PER_RUN, body });
  return {
    save: run(billType.createPath, () => ({
      ...validPayload(billType, LINES_PER_BILL, { invoiceno: nextBillNumber++ }),
      method: 'create',
      type: billType.type,
    })),
    noop: run('/api/common/getbillno', () => ({ billtype: billType.type })),
  };
}

function checked(name: string, result: LoadResult): LoadResult {
  if (result.failed > 0 || result.ok === 0) throw new Error(`${name}: ${result.failed} failed requests of ${result.ok + result.failed}`);
  return result;
}

async function measure(server: BenchServer, connections: number): Promise<Figure[]> {
  const { save, noop } = loads(server, connections);
  const saves: LoadResult[] = [];
  const noops: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    saves.push(checked('save', await save()));
    noops.push(checked('getbillno', await noop()));
  }
  const of = (results: LoadResult[], key: keyof LoadResult) => median(results.map((result) => result[key]));
  const clients = `${connections} client${connections > 1 ? 's' : ''}`;
  const baseline = (key: keyof LoadResult) => ({ name: `getbillno, ${clients}`, value: of(noops, key) });
  const atEightClients = connections === 8;
  return [
    {
      part: 'Save',
      name: `${billType.createPath}, ${clients}: bills/s`,
      value: of(saves, 'perSecond'),
      unit: '/s',
      baseline: baseline('perSecond'),
      target: atEightClients ? atLeast(60, '/s')(of(saves, 'perSecond')) : undefined,
    },
    { part: 'Save', name: `${clients}: latency p50`, value: of(saves, 'p50'), unit: 'ms', baseline: baseline('p50') },
    {
      part: 'Save',
      name: `${clients}: latency p99`,
      value: of(saves, 'p99'),
      unit: 'ms',
      baseline: baseline('p99'),
      target: atEightClients ? atMost(150, 'ms')(of(saves, 'p99')) : undefined,
    },
  ];
}

/**
 * The 8 clients stand for 8 operators at their counters; they share the bench's one sign-in, so the
 * per-operator render limit (3 at once, RENDERS_PER_OPERATOR) is lifted to let them all save.
 */
const SERVER_ENV = { RENDERS_PER_OPERATOR: String(Math.max(...CLIENTS)) };

export async function benchSave(): Promise<Figure[]> {
  const server = await startBenchServer(SERVER_ENV);
  try {
    // Warm-up at every concurrency measured: the first PDFs load fonts and the JIT has not run yet, and one
    // client keeps one render thread busy, so a second thread would start (and compile) in the first round.
    for (const connections of CLIENTS) await loads(server, connections).save();
    const figures: Figure[] = [];
    for (const connections of CLIENTS) figures.push(...(await measure(server, connections)));
    return figures;
  } finally {
    await server.stop();
  }
}

/** The server's CPU profile (V8 sampling, via a preload: --cpu-prof is refused in NODE_OPTIONS) under 8 saving clients. */
async function profileSave(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'billing-profile-'));
  const file = join(dir, 'server.cpuprofile');
  const preload = new URL('./support/cpu-profiler.mjs', import.meta.url).pathname;
  let result: LoadResult;
  let profile: CpuProfile;
  try {
    const server = await startBenchServer({ ...SERVER_ENV, NODE_OPTIONS: `--import=${preload}`, BENCH_CPU_PROFILE: file });
    try {
      for (const connections of CLIENTS) await loads(server, connections).save();
      result = await loads(server, 8).save();
    } finally {
      await server.stop();
    }
    profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\nServer profile, 8 clients saving (${result.perSecond.toFixed(1)} bills/s while sampled), idle ${idlePercent(profile).toFixed(0)}%:`);
  console.log(formatShares('Self time by package or file:', byPlace(profile)));
  console.log(formatShares('Self time by function:', byFunction(profile)));
}

await runIfMain(import.meta.url, benchSave, process.argv.includes('--profile') ? profileSave : undefined);
