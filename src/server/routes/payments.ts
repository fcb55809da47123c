import type { FastifyInstance } from 'fastify';
import { needsOnUnit } from '../auth/access';
import { checkPayment, filledText, localIsoDay, ownValue, paiseToNumber, paymentMessage, type PaymentsSpec, type Registry } from '../../engine/core';
import { unitSeller, type ReceiptData } from '../../pdf';
import { operatorOf } from '../auth/authenticate';
import { type Body, bodyOf, optionalDay, optionalText } from '../http/body';
import { badRequest, HttpError, notFound } from '../http/errors';
import { downloadDisposition } from '../http/pdf-reply';
import { printedSeller } from '../profile/seller';
import type { Storage } from '../storage';
import type { StoredPayment } from '../storage/payments';
import type { ClientReceivable } from '../storage/receivables';
import type { RouteContext } from './context';
import { advanceRoutes } from './advances';
import { receivablesPage, receivablesQueryOf } from './receivables-page';
import { statementRoutes } from './statements';
import { tdsReportRoute } from './tds-report';

/** A payment's `_id`: the digits getpayments answered (or the same number). */
function paymentIdFrom(body: Body, required: boolean): number | undefined {
  const value = body._id;
  if (value === undefined || value === null || value === '') {
    if (required) throw badRequest('Please provide the _id of the payment.');
    return undefined;
  }
  const digits = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,12}$/.test(digits)) throw badRequest('_id must be the _id of a saved payment.');
  return Number(digits);
}

/** A payment as the API answers it: rupees as numbers with 2 places of value, allocations by bill. */
export function paymentAnswer(payment: StoredPayment): Body {
  return {
    _id: String(payment.id),
    receiptno: payment.printedNo,
    clientname: payment.clientName,
    date: payment.date,
    amount: paiseToNumber(payment.amount),
    mode: payment.mode,
    reference: payment.reference,
    notes: payment.notes,
    allocations: payment.allocations.map((allocation) => ({
      billtype: allocation.billtype,
      billno: allocation.billno,
      fy: allocation.fy,
      printedno: allocation.printedNo,
      amount: paiseToNumber(allocation.amount),
    })),
    tds: payment.tds && { section: payment.tds.section, amount: paiseToNumber(payment.tds.amount) },
    unallocated: paiseToNumber(payment.unallocated),
  };
}

function receivableAnswer(client: ClientReceivable) {
  const { notdue, d1_30, d31_60, d61_90, d90plus } = client.ageing;
  return {
    clientname: client.clientName,
    outstanding: paiseToNumber(client.outstanding),
    notdue: paiseToNumber(notdue),
    d1_30: paiseToNumber(d1_30),
    d31_60: paiseToNumber(d31_60),
    d61_90: paiseToNumber(d61_90),
    d90plus: paiseToNumber(d90plus),
    oldestdue: client.oldestDue,
    onaccount: paiseToNumber(client.onAccount),
  };
}

async function receiptData(registry: Registry, spec: PaymentsSpec, storage: Storage, payment: StoredPayment): Promise<ReceiptData> {
  const client = await storage.clients.findByName(payment.clientName);
  const addressRole = registry.clients.fills.find((fill) => fill.role === 'clientAddress')?.role;
  return {
    printedNo: payment.printedNo,
    date: payment.date,
    clientName: payment.clientName,
    clientAddress: (addressRole && client?.fills[addressRole]) || '',
    amount: payment.amount,
    modeName: ownValue(spec.modes, payment.mode) ?? payment.mode,
    reference: payment.reference,
    notes: payment.notes,
    lines: payment.allocations.map((allocation) => ({
      bill: `${registry.byType(allocation.billtype)?.menuLabel ?? allocation.billtype} ${allocation.printedNo}`,
      billDate: allocation.billDate,
      billTotal: allocation.billTotal,
      amount: allocation.amount,
    })),
    tds: payment.tds && spec.tds ? { line: filledText(spec.tds.receipt, { section: payment.tds.section }), amount: payment.tds.amount } : undefined,
    unallocated: payment.unallocated,
  };
}

/**
 * Payments received (issue 29, payments.json), per unit: `/api/{unit}/savepayment`, `getpayments`,
 * `deletepayment` and `showreceipt` (the receipt PDF). Every refusal is a 4xx with `{ msg }`.
 */
export function paymentRoutes(app: FastifyInstance, context: RouteContext): void {
  const { registry, storage, renderDocument } = context;
  const spec = registry.payments;
  if (!spec) return;
  const { endpoints } = spec;
  for (const unit of registry.units) {
    const path = (endpoint: string) => `/api/${unit.slug}/${endpoint}`;
    statementRoutes(app, context, unit, spec);
    tdsReportRoute(app, context, unit, spec);
    advanceRoutes(app, context, unit);

    app.post(path(endpoints.save), needsOnUnit('payments.write', unit.slug), async (request, reply) => {
      const body = bodyOf(request);
      const id = paymentIdFrom(body, false);
      const checked = checkPayment(spec, body);
      if (!checked.ok) throw badRequest(checked.msg);
      const saved = await storage.payments.save(unit.slug, checked.payment, operatorOf(request).email, id);
      // A TDS above the usual share: the app asks the operator and sends the payment again with confirmtds.
      if (!saved.ok && saved.confirm) return reply.code(saved.status).send({ msg: saved.msg, confirm: saved.confirm });
      if (!saved.ok) throw new HttpError(saved.status, saved.msg);
      return { msg: `Payment saved: receipt ${saved.printedNo}.`, _id: String(saved.id), receiptno: saved.printedNo };
    });

    app.post(path(endpoints.list), needsOnUnit('payments.read', unit.slug), async (request) => {
      const body = bodyOf(request);
      const payments = await storage.payments.list(unit.slug, {
        clientName: optionalText(body, 'clientname')?.trim() || undefined,
        from: optionalDay(body, 'from'),
        to: optionalDay(body, 'to'),
      });
      return { payments: payments.map(paymentAnswer) };
    });

    app.post(path(endpoints.receivables), needsOnUnit('payments.read', unit.slug), async (request) => {
      const body = bodyOf(request);
      const asof = optionalDay(body, 'asof') ?? localIsoDay();
      const query = receivablesQueryOf(body);
      const { page, count, totals } = receivablesPage(await storage.payments.receivables(unit.slug, asof), query);
      return { asof, clients: page.map(receivableAnswer), count, totals, total: totals.outstanding };
    });

    app.post(path(endpoints.delete), needsOnUnit('payments.delete', unit.slug), async (request) => {
      const id = paymentIdFrom(bodyOf(request), true)!;
      const removed = await storage.payments.remove(unit.slug, id, operatorOf(request).email);
      if (!removed) throw notFound(paymentMessage(spec, 'missing'));
      return { msg: `Receipt ${removed.printedNo} deleted.` };
    });

    app.post(path(endpoints.receipt), needsOnUnit('payments.read', unit.slug), async (request, reply) => {
      const id = paymentIdFrom(bodyOf(request), true)!;
      const payment = await storage.payments.find(unit.slug, id);
      if (!payment) throw notFound(paymentMessage(spec, 'missing'));
      const seller = (await printedSeller(storage, unit.slug)) ?? unitSeller(unit);
      const data = await receiptData(registry, spec, storage, payment);
      const pdf = await renderDocument({ kind: 'receipt', texts: spec.receipt, seller, data }, operatorOf(request).email);
      const name = `${payment.printedNo.replace(/\//g, '-')}-${payment.clientName}.pdf`;
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', downloadDisposition(name)).send(pdf);
    });
  }
}
