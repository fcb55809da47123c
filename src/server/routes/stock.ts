import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { needs } from '../auth/access';
import { operatorOf } from '../auth/authenticate';
import { bodyOf, optionalChoice, optionalDay, type Body } from '../http/body';
import { badRequest, notFound } from '../http/errors';
import { downloadDisposition } from '../http/pdf-reply';
import { unitSeller } from '../../pdf';
import { printedSeller } from '../profile/seller';
import { csvFile, xlsxFile, type FileColumn } from '../reports/stock-files';
import { stockUnits } from '../stock/stock-catalogs';
import { adjustmentInput, purchaseInput, requiredDay, requiredText } from '../stock/stock-input';
import { StockRefusedError } from '../storage/stock-ledger';
import type { RegisterRow } from '../storage/stock-reads';
import type { StockedProduct } from '../storage/stock-products';
import type { RouteContext } from './context';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The stock calls name their unit in `unit` (the operator's unit limits apply to it). */
const onUnit = (action: string) => needs(action, { unitField: 'unit' });

type Purchase = Awaited<ReturnType<RouteContext['storage']['stock']['purchases']>>[number];

const PURCHASE_COLUMNS: FileColumn<Purchase>[] = [
  { header: 'Date', cell: (row) => row.supplierbilldate, kind: 'date' },
  { header: 'Supplier', cell: (row) => row.supplier },
  { header: "Supplier's GSTIN", cell: (row) => row.suppliergstin },
  { header: 'Bill No.', cell: (row) => row.supplierbillno },
  { header: 'Taxable Value', cell: (row) => row.taxable, kind: 'money' },
  { header: 'GST', cell: (row) => row.tax, kind: 'money' },
  { header: 'Total', cell: (row) => row.total, kind: 'money' },
];

const REGISTER_COLUMNS: FileColumn<RegisterRow>[] = (
  [
    ['Product', 'product'], ['Unit', 'per'], ['Opening', 'opening'], ['Receipt', 'receipt'], ['Supply', 'supply'], ['Lost', 'lost'], ['Stolen', 'stolen'],
    ['Destroyed', 'destroyed'], ['Written Off', 'writtenoff'], ['Gift', 'gift'], ['Found', 'found'], ['Closing', 'closing'],
  ] as const
).map(([header, key]) => ({ header, cell: (row: RegisterRow) => row[key], kind: key === 'product' || key === 'per' ? undefined : ('qty' as const) }));

/**
 * Stock (issue 48): purchases in, Rule 56(2) adjustments, what is on hand, a product's movements and serial numbers, the
 * stock register and the purchase register. Every write is one transaction with its audit row; a refusal is 400 `{msg}`.
 */
export function stockRoutes(app: FastifyInstance, { registry, storage, renderDocument }: RouteContext): void {
  const units = stockUnits(registry);

  const unitOf = (body: Body, required: boolean): string | undefined => {
    const unit = body.unit;
    if ((unit === undefined || unit === null || unit === '') && !required) return undefined;
    if (typeof unit !== 'string' || !units.includes(unit)) throw badRequest(`unit must be one of: ${units.join(', ')}.`);
    return unit;
  };
  /** Without a unit, a call answers the units the operator may work on. */
  const visible = (request: FastifyRequest, unit: string | undefined) => (row: { unit: string }) =>
    unit !== undefined || !operatorOf(request).units || operatorOf(request).units!.includes(row.unit);

  const refusedAsBadRequest = async <T>(write: Promise<T>): Promise<T> => {
    try {
      return await write;
    } catch (error) {
      if (error instanceof StockRefusedError) throw badRequest(error.message);
      throw error;
    }
  };

  /** The stocked product a call names in `product`: of `unit`, or without one of the first unit that stocks it. */
  const productOf = async (request: FastifyRequest, body: Body): Promise<StockedProduct> => {
    const unit = unitOf(body, false);
    const name = requiredText(body, 'product', 'the product', 500);
    for (const each of unit ? [unit] : units) {
      const product = await storage.stock.productIn(each, name);
      if (product && visible(request, unit)(product)) return product;
    }
    throw badRequest(`${name} is not a stocked product${unit ? ' of this unit' : ''}.`);
  };

  const sendFile = (reply: FastifyReply, name: string, format: 'csv' | 'xlsx', body: string | Buffer) =>
    reply.header('Content-Disposition', downloadDisposition(name)).type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE).send(body);

  app.post('/api/savepurchase', onUnit('catalogs.write'), async (request) => {
    const body = bodyOf(request);
    const unit = unitOf(body, true)!;
    const id = await refusedAsBadRequest(storage.stock.savePurchase(unit, purchaseInput(body), operatorOf(request).email));
    return { msg: 'Purchase saved.', id };
  });

  app.post('/api/getpurchases', onUnit('catalogs.read'), async (request, reply) => {
    const body = bodyOf(request);
    const unit = unitOf(body, false);
    const format = optionalChoice(body, 'format', ['json', 'csv', 'xlsx'] as const) ?? 'json';
    const from = optionalDay(body, 'from');
    const to = optionalDay(body, 'to');
    const purchases = (await storage.stock.purchases(unit, from, to)).filter(visible(request, unit));
    if (format === 'json') return { purchases };
    const name = `PurchaseRegister_${unit ?? 'all'}_${from ?? 'start'}_${to ?? 'today'}.${format}`;
    return sendFile(reply, name, format, format === 'csv' ? csvFile(PURCHASE_COLUMNS, purchases) : await xlsxFile('Purchases', PURCHASE_COLUMNS, purchases));
  });

  app.post('/api/deletepurchase', needs('catalogs.delete'), async (request) => {
    const body = bodyOf(request);
    const id = Number(body.id);
    if (!Number.isSafeInteger(id) || id < 1) throw badRequest('Please provide the id of a saved purchase.');
    if (!(await refusedAsBadRequest(storage.stock.deletePurchase(id, operatorOf(request).email)))) throw notFound(`There is no purchase ${id}.`);
    return { msg: 'Purchase deleted.' };
  });

  app.post('/api/savestockadjustment', onUnit('catalogs.write'), async (request) => {
    const body = bodyOf(request);
    const unit = unitOf(body, true)!;
    const id = await refusedAsBadRequest(storage.stock.saveAdjustment(unit, adjustmentInput(body), operatorOf(request).email));
    return { msg: 'Stock adjusted.', id };
  });

  app.post('/api/getstock', onUnit('catalogs.read'), async (request) => {
    const body = bodyOf(request);
    const unit = unitOf(body, false);
    const stock = (await storage.stock.stock(unit, optionalDay(body, 'asof'))).filter(visible(request, unit));
    return { stock };
  });

  app.post('/api/getstockmovements', onUnit('catalogs.read'), async (request) => {
    const body = bodyOf(request);
    const product = await productOf(request, body);
    return { product: product.name, ...(await storage.stock.movements(product, optionalDay(body, 'from'), optionalDay(body, 'to'))) };
  });

  app.post('/api/getserials', onUnit('catalogs.read'), async (request) => {
    const body = bodyOf(request);
    const product = await productOf(request, body);
    return { serials: await storage.stock.serials(product, optionalChoice(body, 'status', ['instock', 'sold'] as const)) };
  });

  app.post('/api/stockregister', onUnit('reports.read'), async (request, reply) => {
    const body = bodyOf(request);
    const unit = unitOf(body, units.length > 1) ?? units[0];
    const from = requiredDay(body, 'from', 'from');
    const to = requiredDay(body, 'to', 'to');
    if (from > to) throw badRequest('from must not be after to.');
    const format = optionalChoice(body, 'format', ['json', 'csv', 'xlsx', 'pdf'] as const) ?? 'json';
    const rows = await storage.stock.register(unit, from, to);
    if (format === 'json') return { unit, from, to, rows };
    if (format === 'pdf') {
      const seller = (await printedSeller(storage, unit)) ?? unitSeller(registry.units.find((each) => each.slug === unit)!);
      const columns = REGISTER_COLUMNS.map((column) => column.header);
      const data = { from, to, columns, rows: rows.map((row) => ({ product: row.product, per: row.per, figures: REGISTER_COLUMNS.slice(2).map((column) => Number(column.cell(row))) })) };
      const pdf = await renderDocument({ kind: 'stockregister', seller, data }, operatorOf(request).email);
      return reply.header('Content-Disposition', downloadDisposition(`StockRegister_${unit}_${from}_${to}.pdf`)).type('application/pdf').send(pdf);
    }
    const name = `StockRegister_${unit}_${from}_${to}.${format}`;
    return sendFile(reply, name, format, format === 'csv' ? csvFile(REGISTER_COLUMNS, rows) : await xlsxFile('Stock', REGISTER_COLUMNS, rows));
  });
}
