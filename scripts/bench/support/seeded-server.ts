/**
 * One real server (production web build, SQLite in a scratch DATA_DIR) over a year of a GST business:
 * 100,000 tax invoices dated evenly over the financial year April 2026 to March 2027 with their stored
 * figures (two tax rates a bill, buyers in and out of the seller's state), a list of 25 tax quotations, and
 * one bill of 1,000 lines (stored before bills were capped at 500 lines; still shown and printed).
 * Seeded once per bench process and shared by the parts that read it (Lists, Reports, Render).
 */
import type { BillType } from '../../../src/engine/core';
import { loadRegistry } from '../../../src/server/schema-files';
import { atBenchEnd } from './cleanup';
import { clientOf, seedBills } from './seed-bills';
import { startBenchServer, type BenchServer } from './server';
import { sharedWebBuild } from './shared-builds';

const registry = loadRegistry();
export const FINANCIAL_YEAR = { from: '2026-04-01', to: '2027-03-31' };

export interface SeededList {
  billType: BillType;
  count: number;
  /** A search that finds one company's bills whose number starts so (clientOf): a page or less of them. */
  search: string;
}

export const BIG: SeededList = { billType: registry.byType('taxinvoice')!, count: 100_000, search: clientOf(4242).slice(0, -1).toLowerCase() };
export const SMALL: SeededList = { billType: registry.byType('taxquotation')!, count: 25, search: clientOf(2).toLowerCase() };
/** The longest bill: the bill number after the big list's, of the big list's type. */
export const LONGEST = { billType: BIG.billType, billno: BIG.count + 1, lines: 1000 };

export interface SeededServer {
  server: BenchServer;
  /** How long writing the 100,000 bills with their figures took. */
  seedMs: number;
}

let pending: Promise<SeededServer> | undefined;

async function start(): Promise<SeededServer> {
  const web = await sharedWebBuild();
  const server = await startBenchServer({ WEB_ROOT: web.outDir });
  atBenchEnd(() => server.stop());
  const started = performance.now();
  await seedBills(server.dataDir, BIG.billType, BIG.count, { figures: true, yearFrom: FINANCIAL_YEAR.from });
  const seedMs = performance.now() - started;
  await seedBills(server.dataDir, SMALL.billType, SMALL.count, { figures: true });
  await seedBills(server.dataDir, LONGEST.billType, 1, { first: LONGEST.billno, linesPerBill: LONGEST.lines, figures: true });
  return { server, seedMs };
}

export function sharedSeededServer(): Promise<SeededServer> {
  pending ??= start();
  return pending;
}
