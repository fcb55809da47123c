/**
 * `npm run bench:money-in` (issue 29): the real server on SQLite over a year of a shop's money in: 100,000 tax
 * invoices (figures stored, dated over the financial year) of 10,000 clients, one of them with 2,000 bills, and
 * 50,000 payments each settling part of one bill. Measured over HTTP, median of the rounds: the receivables as of
 * today (all clients, and the screen's first page of 100: summed afresh, after a payment that moves one client, and
 * kept when nothing was written since), that client's statement over the year, and a payment that settles 20 bills. Beside each, in the same run:
 * a plain SELECT of the same rows straight from the database file (no payments, notes or ageing, no HTTP), and for
 * the payment a trivial call.
 */
import { clientNameKey, localIsoDay } from '../../src/engine/core';
import { openStorage } from '../../src/server/storage';
import { MONEY_IN, MONEY_IN_BILL_TYPE as billType, moneyInClientOf, sharedMoneyInServer } from './support/money-in-seed';
import { atMost, type Figure, median, medianOfRounds, runIfMain, timed } from './support/report';

const { bills: BILLS, clients: CLIENTS, payments: PAYMENTS, longStatement: LONG_STATEMENT } = MONEY_IN;
const ROUNDS = 7;

const rounds = (run: (round: number) => Promise<unknown>) => medianOfRounds(ROUNDS, run);

/** The floors: what reading the same rows costs with nothing derived from them, timed by the same rounds. */
async function plainSelects(dataDir: string) {
  const storage = await openStorage({ dataDir });
  const { db } = storage.database;
  const asof = localIsoDay();
  const live = () => db.selectFrom('bills').where('unit', '=', 'gst').where('type', '=', billType.type).where('deleted_at', 'is', null);
  try {
    return {
      receivables: await rounds(() => live().select(['client_key', (eb) => eb.fn.sum('grand_total').as('total')]).where('bill_date', '<=', asof).groupBy('client_key').execute()),
      statement: await rounds(() =>
        Promise.all([
          live().select(['billno', 'printed_no', 'bill_date', 'grand_total']).where('client_key', '=', clientNameKey(LONG_STATEMENT.name)).execute(),
          db.selectFrom('payments').select(['printed_no', 'pay_date', 'amount']).where('unit', '=', 'gst').where('client_key', '=', clientNameKey(LONG_STATEMENT.name)).where('deleted_at', 'is', null).execute(),
        ]),
      ),
    };
  } finally {
    await storage.close();
  }
}

export async function benchMoneyIn(): Promise<Figure[]> {
  const { server, seedMs } = await sharedMoneyInServer();
  console.log(`Money in: seeded ${BILLS} bills, ${CLIENTS} clients, ${PAYMENTS} payments in ${(seedMs / 1000).toFixed(0)} s`);
  const plain = await plainSelects(server.dataDir);
  const trivial = await rounds(() => server.post('/api/common/getbillno', { billtype: billType.type }));
  // The receivables are kept until the next write, and after one only the clients it names are summed again
  // (storage/kept-receivables.ts): a payment of ₹1 on an unpaid bill of another client before each round (not timed)
  // is what the server follows, and asking for another day first (not timed) sums every client afresh.
  let paid = 0;
  const payOneBill = () => {
    const billno = LONG_STATEMENT.bills + 1 + 2 * paid++;
    const allocation = { billtype: billType.type, billno, fy: '2026-27', amount: 1 };
    return server.post('/api/gst/savepayment', { clientname: moneyInClientOf(MONEY_IN, billno), date: '2027-03-31', amount: 1, mode: 'cash', allocations: [allocation] });
  };
  const afterEach = async (before: () => Promise<unknown>, call: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let round = -1; round < ROUNDS; round++) {
      await before();
      const time = await timed(call);
      if (round >= 0) times.push(time);
    }
    return median(times);
  };
  const anotherDay = () => server.post('/api/gst/receivables', { asof: '2026-04-01' });
  const receivables = await afterEach(anotherDay, () => server.post('/api/gst/receivables', {}));
  // Issue 51: what the Receivables screen asks for first: one page of 100 clients with every client's totals.
  const firstPageSummed = await afterEach(anotherDay, () => server.post('/api/gst/receivables', { offset: 0, limit: 100 }));
  const firstPageAfterPayment = await afterEach(payOneBill, () => server.post('/api/gst/receivables', { offset: 0, limit: 100 }));
  const firstPage = await rounds(() => server.post('/api/gst/receivables', { offset: 0, limit: 100 }));
  const statement = await rounds(() => server.post('/api/gst/statement', { clientname: LONG_STATEMENT.name, from: '2026-04-01', to: '2027-03-31' }));
  // Each round settles ₹1 of each of 20 odd bills (no seeded payment) of the long-statement client.
  const save = await rounds((round) =>
    server.post('/api/gst/savepayment', {
      clientname: LONG_STATEMENT.name,
      date: '2027-03-31',
      amount: 20,
      mode: 'cash',
      allocations: Array.from({ length: 20 }, (_, i) => ({ billtype: 'taxinvoice', billno: 2 * i + 1, fy: '2026-27', amount: 1 })),
    }).then(() => round),
  );
  return [
    {
      part: 'Money in',
      name: `receivables over ${BILLS} bills, ${CLIENTS} clients, ${PAYMENTS} payments, every client summed afresh`,
      value: receivables,
      unit: 'ms',
      baseline: { name: 'plain SELECT: same bills summed per client', value: plain.receivables },
      target: atMost(300, 'ms')(receivables),
    },
    {
      part: 'Money in',
      name: `receivables' first page (100 of ${CLIENTS} clients), nothing written since the last look`,
      value: firstPage,
      unit: 'ms',
      baseline: { name: 'plain SELECT: same bills summed per client', value: plain.receivables },
      target: atMost(100, 'ms')(firstPage),
    },
    {
      part: 'Money in',
      name: `receivables' first page after a payment (its client summed again)`,
      value: firstPageAfterPayment,
      unit: 'ms',
      baseline: { name: 'plain SELECT: same bills summed per client', value: plain.receivables },
      target: atMost(100, 'ms')(firstPageAfterPayment),
    },
    {
      part: 'Money in',
      name: `receivables' first page, every client summed afresh`,
      value: firstPageSummed,
      unit: 'ms',
      baseline: { name: 'plain SELECT: same bills summed per client', value: plain.receivables },
    },
    {
      part: 'Money in',
      name: `statement of a client with ${LONG_STATEMENT.bills} bills`,
      value: statement,
      unit: 'ms',
      baseline: { name: "plain SELECT: that client's bills and payments", value: plain.statement },
      target: atMost(300, 'ms')(statement),
    },
    { part: 'Money in', name: 'savepayment with 20 allocations', value: save, unit: 'ms', baseline: { name: 'getbillno (trivial call)', value: trivial }, target: atMost(50, 'ms')(save) },
  ];
}

await runIfMain(import.meta.url, benchMoneyIn);
