/**
 * `npm run bench:stock` (issue 48): the real server on SQLite over a shop's stock: 5,000 stocked tax products and
 * 200,000 movements (an opening balance, purchases in and sales out of each). Measured over HTTP, median of the rounds:
 * - `getstock` (each product's quantity on hand, value at the latest purchase rate, low badge), beside the floor: a
 *   plain SELECT summing the same movements per product straight from the database file (no HTTP, no rates);
 * - saving a 50-line Tax Invoice Bill of stocked products (each line's stock locked, checked and moved) beside the
 *   same bill of products that are not stocked.
 */
import { buildWhatIsStale } from '../stale-builds.mjs';
import { openStorage } from '../../src/server/storage';
import { startBenchServer, type BenchServer } from './support/server';
import { atMost, atMostTimes, type Figure, median, medianOfRounds, runIfMain, timed } from './support/report';

const PRODUCTS = 5_000;
const MOVEMENTS = 200_000;
const LINES = 50;
const ROUNDS = 7;
const UNIT = 'gst';
const BUYER = { clientname: 'Shree Ganesh Transport', clientaddress: 'Plot 7, MIDC, Taloja, Navi Mumbai 410208', gstno: '27AAPFU0939F1ZV' };

const stockedName = (i: number) => `Stocked part ${i}`;
const plainName = (i: number) => `Unstocked part ${i}`;

const rounds = (run: (round: number) => Promise<unknown>) => medianOfRounds(ROUNDS, run);

/** Products and movements written straight into the server's database: each product 40 movements, net in stock. */
export async function seed(dataDir: string): Promise<void> {
  const storage = await openStorage({ dataDir });
  const { db } = storage.database;
  const at = new Date().toISOString();
  const details = (i: number) => JSON.stringify({ hsn: '8421', taxrate: 18, rate: 100 + (i % 50), per: 'no' });
  try {
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < PRODUCTS; start += 1000) {
        const batch = Array.from({ length: 1000 }, (_, k) => start + k);
        const entries = [...batch.map((i) => ({ catalog: 'taxproduct', name: stockedName(i), details: details(i), created_at: at, updated_at: at })),
          ...batch.map((i) => ({ catalog: 'taxproduct', name: plainName(i), details: details(i), created_at: at, updated_at: at }))];
        const ids = await trx.insertInto('catalog_entries').values(entries).returning(['id', 'name']).execute();
        const stocked = ids.filter((row) => row.name.startsWith('Stocked'));
        await trx.insertInto('stock_products').values(stocked.map((row) => ({
          product_id: row.id, unit: UNIT, serialised: 0, reorder_micro: 5_000_000, opening_micro: 1_000_000_000, opening_date: '2026-04-01', opening_serials: '[]', updated_at: at,
        }))).execute();
        const perProduct = MOVEMENTS / PRODUCTS;
        const movements = stocked.flatMap((row) => Array.from({ length: perProduct }, (_, m) => ({
          unit: UNIT, product_id: row.id, move_date: `2026-${String(4 + (m % 9)).padStart(2, '0')}-${String(1 + (m % 28)).padStart(2, '0')}`,
          kind: m === 0 ? ('opening' as const) : m % 2 ? ('purchase' as const) : ('sale' as const), reason: null,
          qty_micro: m === 0 ? 1_000_000_000 : m % 2 ? 3_000_000 : -2_000_000, rate_paise: m % 2 ? 9_000 + m : null,
          source: m === 0 ? ('opening' as const) : m % 2 ? ('purchase' as const) : ('bill' as const), source_id: m === 0 ? row.id : 0,
        })));
        for (let from = 0; from < movements.length; from += 3000) await trx.insertInto('stock_movements').values(movements.slice(from, from + 3000)).execute();
      }
    });
  } finally {
    await storage.close();
  }
}

/** The floor of getstock: the movements summed per product, straight from the file. */
async function plainSum(dataDir: string): Promise<number> {
  const storage = await openStorage({ dataDir });
  const { db } = storage.database;
  try {
    return await rounds(() => db.selectFrom('stock_movements').select((eb) => ['product_id', eb.fn.sum('qty_micro').as('qty')]).where('unit', '=', UNIT).groupBy('product_id').execute());
  } finally {
    await storage.close();
  }
}

const bill = (invoiceno: number, name: (i: number) => string) => ({
  method: 'create', type: 'taxinvoice', invoiceno, date: '2026-12-15', ...BUYER,
  product: Array.from({ length: LINES }, (_, i) => ({ srno: i + 1, goods: name(i * 7), hsn: '8421', taxrate: '18', qty: '1', rate: '100', per: 'no', amount: '100.00' })),
});

export async function benchStock(): Promise<Figure[]> {
  await buildWhatIsStale((line: string) => console.log(`Stock: ${line}`));
  const server: BenchServer = await startBenchServer();
  try {
    const seeding = performance.now();
    await seed(server.dataDir);
    console.log(`Stock: seeded ${PRODUCTS} products, ${MOVEMENTS} movements in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
    const floor = await plainSum(server.dataDir);
    const onHand = await rounds(() => server.post('/api/getstock', { unit: UNIT }));
    // Alternating rounds, so a busy moment of the machine falls on both alike.
    let next = 1;
    const plain: number[] = [];
    const stocked: number[] = [];
    for (let round = -1; round < ROUNDS; round++) {
      const plainMs = await timed(() => server.post('/api/gst/createtaxbill', bill(next++, plainName)));
      const stockedMs = await timed(() => server.post('/api/gst/createtaxbill', bill(next++, stockedName)));
      if (round < 0) continue;
      plain.push(plainMs);
      stocked.push(stockedMs);
    }
    const [plainSave, stockedSave] = [median(plain), median(stocked)];
    return [
      {
        part: 'Stock', name: `getstock: ${PRODUCTS} products over ${MOVEMENTS} movements`, value: onHand, unit: 'ms',
        baseline: { name: 'plain SELECT: movements summed per product', value: floor }, target: atMost(200, 'ms')(onHand),
      },
      {
        part: 'Stock', name: `save a ${LINES}-line bill of stocked products`, value: stockedSave, unit: 'ms',
        baseline: { name: 'the same bill of products not stocked', value: plainSave }, target: atMostTimes(1.2, plainSave)(stockedSave),
      },
    ];
  } finally {
    await server.stop();
  }
}

await runIfMain(import.meta.url, benchStock);
