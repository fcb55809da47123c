/**
 * Issue 35 item 3: "payments and credit notes add at most 10 % to a save's time at 8 clients". Two SQLite servers
 * side by side, rounds interleaved, the same driver (support/load.ts mixedLoad) timing each answer by its kind:
 * - plain: a new database, 8 clients only saving tax invoices;
 * - money in: a database holding a year of bills of many clients and their payments (support/money-in-seed.ts)
 *   and the credit notes its warm-up issued, 8 clients of which every request in turn is a save, a payment of
 *   ₹1 on an unpaid bill, a save, a credit note of ₹118 against another bill.
 * The figure is a save's median time in the mix against the plain run's.
 */
import { localIsoDay } from '../../../src/engine/core/financial-year';
import { loadRegistry } from '../../../src/server/schema-files';
import { validPayload } from '../../../tests/fixtures/payloads';
import { mixedLoad, type MixedRequest, type MixedResult } from './load';
import { moneyInClientOf, seedMoneyIn, type MoneyInSeed } from './money-in-seed';
import { atMostTimes, median, percentile, type Figure } from './report';
import { SAVE_SERVER_ENV } from './save-profile';
import { startBenchServer, type BenchServer } from './server';

const registry = loadRegistry();
const INVOICE = registry.byType('taxinvoice')!;
const CREDIT_NOTE = registry.byType('creditnote')!;
const CONNECTIONS = 8;
const LINES_PER_BILL = 4;
const SEED: MoneyInSeed = { bills: 20_000, clients: 2_000, payments: 10_000, longStatement: { name: 'Sahyadri Transport Statement', bills: 200 } };
const FY = '2026-27';
const SAVE = 'save';
const PAYMENT = 'payment';
const NOTE = 'credit note';

/** The requests of a server's runs, numbered on from what it holds. */
class Requests {
  private invoiceNo: number;
  private noteNo = 1;
  /** Credit notes against bills 1, 5, 9 ... (one each); payments on bills 3, 7, 11 ... (none seeded on odd bills). */
  private noteAgainst = 1;
  private paidBill = 3;
  private turn = 0;

  constructor(private readonly seed: MoneyInSeed | undefined) {
    this.invoiceNo = (seed?.bills ?? 0) + 1;
  }

  save(): MixedRequest {
    return { kind: SAVE, path: INVOICE.createPath, body: { ...validPayload(INVOICE, LINES_PER_BILL, { invoiceno: this.invoiceNo++ }), method: 'create', type: INVOICE.type } };
  }

  payment(seed: MoneyInSeed): MixedRequest {
    const billno = this.paidBill;
    this.paidBill = billno + 4 > seed.bills ? 3 : billno + 4;
    const allocations = [{ billtype: INVOICE.type, billno, fy: FY, amount: 1 }];
    return { kind: PAYMENT, path: `/api/${INVOICE.unit}/savepayment`, body: { clientname: moneyInClientOf(seed, billno), date: localIsoDay(), amount: 1, mode: 'cash', allocations } };
  }

  /** ₹100 of the bill's first goods at 18 % returned: ₹118 with its tax. */
  note(seed: MoneyInSeed): MixedRequest {
    const billno = this.noteAgainst;
    this.noteAgainst += 4;
    const line = { srno: 1, goods: 'Fuel injection pump 1', hsn: '8413', taxrate: '18', qty: '1', rate: '100', per: 'per', amount: '100.00' };
    return {
      kind: NOTE,
      path: CREDIT_NOTE.createPath,
      body: {
        method: 'create', type: CREDIT_NOTE.type, invoiceno: this.noteNo++, date: localIsoDay(), reason: 'Sales Return',
        clientname: moneyInClientOf(seed, billno), clientaddress: '', gstno: '', placeofsupply: '27',
        against: { billtype: INVOICE.type, billno, fy: FY }, product: [line],
      },
    };
  }

  /** Plain: saves only. Money in: save, payment, save, credit note, in turn. */
  next(): MixedRequest {
    if (!this.seed) return this.save();
    const turn = this.turn++ % 4;
    return turn === 1 ? this.payment(this.seed) : turn === 3 ? this.note(this.seed) : this.save();
  }
}

async function run(server: BenchServer, requests: Requests, seconds: number): Promise<MixedResult> {
  const result = await mixedLoad({ url: server.url, token: server.token, connections: CONNECTIONS, seconds, next: () => requests.next() });
  if (result.failed.length > 0) throw new Error(`Save mix: ${result.failed.length} failed requests, the first: ${result.failed[0]}`);
  return result;
}

const timesOf = (results: MixedResult[], kind: string) => results.flatMap((result) => result.times.get(kind) ?? []);

export async function saveMixFigures(rounds: number, seconds: number): Promise<Figure[]> {
  const plainServer = await startBenchServer(SAVE_SERVER_ENV);
  const mixServer = await startBenchServer(SAVE_SERVER_ENV).catch(async (error: unknown) => {
    await plainServer.stop();
    throw error;
  });
  try {
    await seedMoneyIn(mixServer.dataDir, INVOICE, SEED);
    const plainRequests = new Requests(undefined);
    const mixRequests = new Requests(SEED);
    // Warm-up (fonts, JIT, both render threads); the mix's also issues the credit notes its database then holds.
    await run(plainServer, plainRequests, seconds);
    const warmUp = await run(mixServer, mixRequests, seconds);
    const plain: MixedResult[] = [];
    const mix: MixedResult[] = [];
    for (let round = 0; round < rounds; round++) {
      plain.push(await run(plainServer, plainRequests, seconds));
      mix.push(await run(mixServer, mixRequests, seconds));
    }
    const plainSaves = timesOf(plain, SAVE);
    const mixSaves = timesOf(mix, SAVE);
    const notes = timesOf([warmUp, ...mix], NOTE).length;
    const held = `${SEED.bills.toLocaleString('en')} bills, ${SEED.payments.toLocaleString('en')} payments, ${notes} credit notes held`;
    const plainName = `${CONNECTIONS} clients only saving, new database, same run`;
    return [
      {
        part: 'Save',
        name: `${CONNECTIONS} clients saving, recording payments and credit notes (${held}): a save's median`,
        value: median(mixSaves),
        unit: 'ms',
        baseline: { name: plainName, value: median(plainSaves) },
        target: atMostTimes(1.1, median(plainSaves))(median(mixSaves)),
      },
      { part: 'Save', name: `the same mix: a save's p99 (${mixSaves.length} saves)`, value: percentile(mixSaves, 0.99), unit: 'ms', baseline: { name: plainName, value: percentile(plainSaves, 0.99) } },
      { part: 'Save', name: `the same mix: a payment's median / a credit note's median`, value: median(timesOf(mix, PAYMENT)), unit: 'ms', baseline: { name: 'a credit note, same mix', value: median(timesOf(mix, NOTE)) } },
    ];
  } finally {
    await plainServer.stop();
    await mixServer.stop();
  }
}
