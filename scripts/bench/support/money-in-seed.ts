/**
 * A shop's money in, stored in bulk through the storage layer (as seed-bills.ts stores bills): tax invoices with
 * their figures dated over the financial year, renamed to `clients` clients (bills 1..longStatement.bills all of
 * one client, the long statement), each client saved, and payments each settling ₹100 of one even-numbered bill.
 * Shared by Money in (the API over a year of it), Clicks (the Receivables screen and a statement over it) and Save
 * (saves while payments and credit notes are recorded on a database holding them).
 */
import type { BillType } from '../../../src/engine/core';
import { clientNameKey } from '../../../src/engine/core';
import { openStorage } from '../../../src/server/storage';
import { loadRegistry } from '../../../src/server/schema-files';
import { atBenchEnd } from './cleanup';
import { seedBills } from './seed-bills';
import { startBenchServer, type BenchServer } from './server';
import { sharedWebBuild } from './shared-builds';

export const FINANCIAL_YEAR_FROM = '2026-04-01';
const RENAMES_PER_STEP = 5000;
const ROWS_PER_INSERT = 1000;

export interface MoneyInSeed {
  bills: number;
  clients: number;
  payments: number;
  /** Bills 1..bills are this client's: its statement is the long one. */
  longStatement: { name: string; bills: number };
}

/** A year of a shop's money in: 100,000 tax invoices of 10,000 clients, one of them with 2,000 bills; 50,000 payments. */
export const MONEY_IN: MoneyInSeed = { bills: 100_000, clients: 10_000, payments: 50_000, longStatement: { name: 'Sahyadri Transport Statement', bills: 2000 } };
export const MONEY_IN_BILL_TYPE = loadRegistry().byType('taxinvoice')!;

/** The client of bill number n: the long statement's client for the first bills, then one of `clients` in turn. */
export const moneyInClientOf = (seed: MoneyInSeed, billno: number): string =>
  billno <= seed.longStatement.bills ? seed.longStatement.name : `Client ${billno % seed.clients}`;

export async function seedMoneyIn(dataDir: string, billType: BillType, seed: MoneyInSeed): Promise<void> {
  await seedBills(dataDir, billType, seed.bills, { figures: true, yearFrom: FINANCIAL_YEAR_FROM });
  const storage = await openStorage({ dataDir });
  const at = new Date().toISOString();
  try {
    await storage.database.db.transaction().execute(async (trx) => {
      // Renamed in one statement per bill, in steps: `clients` clients, the first bills all of one.
      const bills = await trx.selectFrom('bills').select(['id', 'billno', 'bill_date']).where('type', '=', billType.type).orderBy('billno').execute();
      for (let start = 0; start < bills.length; start += RENAMES_PER_STEP) {
        for (const bill of bills.slice(start, start + RENAMES_PER_STEP)) {
          const name = moneyInClientOf(seed, Number(bill.billno));
          await trx.updateTable('bills').set({ client_name: name, client_key: clientNameKey(name) }).where('id', '=', bill.id).execute();
        }
      }
      const names = [seed.longStatement.name, ...Array.from({ length: seed.clients }, (_, i) => `Client ${i}`)];
      for (let start = 0; start < names.length; start += ROWS_PER_INSERT) {
        await trx
          .insertInto('clients')
          .values(names.slice(start, start + ROWS_PER_INSERT).map((name, i) => ({ name, name_key: clientNameKey(name), fills: '{}', contact: i % 3 === 0 ? '{"creditdays":"30"}' : '{}', created_at: at, updated_at: at })))
          .onConflict((conflict) => conflict.column('name_key').doNothing())
          .execute();
      }
      // Payment n settles ₹100 of bill 2n (the even bills), dated with it.
      for (let start = 1; start <= seed.payments; start += ROWS_PER_INSERT) {
        const numbers = Array.from({ length: Math.min(ROWS_PER_INSERT, seed.payments - start + 1) }, (_, i) => start + i);
        const rows = numbers.map((n) => {
          const bill = bills[2 * n - 1];
          const name = moneyInClientOf(seed, Number(bill.billno));
          return { unit: billType.unit, fy: 2026, receipt_no: n, printed_no: `R/${n}`, client_name: name, client_key: clientNameKey(name), pay_date: bill.bill_date, amount: 10000, mode: 'upi', reference: '', notes: '', created_at: at, created_by: 'bench', updated_at: at, updated_by: 'bench' };
        });
        const ids = await trx.insertInto('payments').values(rows).returning('id').execute();
        await trx.insertInto('payment_allocations').values(ids.map((row, i) => ({ payment_id: row.id, bill_id: bills[2 * numbers[i] - 1].id, amount: 10000 }))).execute();
      }
    });
  } finally {
    await storage.close();
  }
}

export interface MoneyInServer {
  server: BenchServer;
  /** How long seeding MONEY_IN took. */
  seedMs: number;
}

let pending: Promise<MoneyInServer> | undefined;

async function start(): Promise<MoneyInServer> {
  const web = await sharedWebBuild();
  const server = await startBenchServer({ WEB_ROOT: web.outDir });
  atBenchEnd(() => server.stop());
  const started = performance.now();
  await seedMoneyIn(server.dataDir, MONEY_IN_BILL_TYPE, MONEY_IN);
  return { server, seedMs: performance.now() - started };
}

/** One real server (production web build, SQLite) over MONEY_IN, seeded once per bench process (Money in, Clicks). */
export function sharedMoneyInServer(): Promise<MoneyInServer> {
  pending ??= start();
  return pending;
}
