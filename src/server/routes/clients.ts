import type { FastifyInstance } from 'fastify';
import { needs } from '../auth/access';
import { operatorOf } from '../auth/authenticate';
import {
  BILL_YEAR_KEY,
  financialYearLabel,
  PRINTED_NUMBER_KEY,
  billTotals,
  checkClient,
  clientAnswerFields,
  STORED_BILL_NUMBER,
  type ClientsSpec,
  type Registry,
} from '../../engine/core';
import { storedBill } from '../bills/shape';
import { bodyOf, optionalInteger, optionalText, type Body } from '../http/body';
import { badRequest, HttpError, notFound } from '../http/errors';
import type { StoredClient } from '../storage/clients';
import type { ClientBillRow } from '../storage/clients';
import type { RouteContext } from './context';

export const MAX_CLIENT_PAGE = 1000;

function clientAnswer(spec: ClientsSpec, client: StoredClient): Body {
  return {
    _id: String(client.id),
    ...clientAnswerFields(spec, client),
    billCount: client.billCount,
    ...(client.lastBilled ? { lastBilled: client.lastBilled } : {}),
  };
}

/** A client's `_id`: the digits the list answered (or the same number). */
function clientIdFrom(body: Body): number | undefined {
  const value = body._id;
  if (value === undefined || value === null || value === '') return undefined;
  const digits = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,12}$/.test(digits)) throw badRequest('_id must be the _id of a saved client.');
  return Number(digits);
}

/** A bill of the client's list: type, number, its date under its date field's name, and the grand total. */
function clientBillAnswer(registry: Registry, row: ClientBillRow): Body | undefined {
  const billType = registry.byType(row.type);
  if (!billType) return undefined;
  const record = { unit: billType.unit, type: row.type, fy: row.fy, billno: row.billno, printedNo: row.printedNo, billDate: row.billDate, clientName: '', header: row.header, lines: row.lines };
  const total = billTotals(billType, storedBill(billType, record)).grandTotal;
  return {
    billtype: row.type,
    [STORED_BILL_NUMBER]: row.billno,
    [BILL_YEAR_KEY]: financialYearLabel(row.fy),
    [PRINTED_NUMBER_KEY]: row.printedNo,
    [billType.roles.billDate.name]: row.billDate,
    total: Number(total.toFixed(2)),
  };
}

/**
 * The saved clients of clients.json, under `/api/common/`: the list (sorted by name; `search`, `limit` and
 * `offset` optional), save by hand, delete, and a client's bills across every bill type.
 */
export function clientRoutes(app: FastifyInstance, { registry, storage, reportSlot }: RouteContext): void {
  const spec = registry.clients;
  const { endpoints } = spec;

  app.get(`/api/common/${endpoints.list}`, needs('clients.read'), async (request) => {
    const query = (request.query ?? {}) as Body;
    const limit = optionalInteger(query, 'limit', 1, MAX_CLIENT_PAGE);
    const { clients, total } = await storage.clients.list({
      search: optionalText(query, 'search'),
      limit,
      offset: optionalInteger(query, 'offset', 0, Number.MAX_SAFE_INTEGER),
    });
    const list = clients.map((client) => clientAnswer(spec, client));
    return limit === undefined ? { [spec.listKey]: list } : { [spec.listKey]: list, total };
  });

  app.post(`/api/common/${endpoints.save}`, needs('clients.write'), async (request) => {
    const body = bodyOf(request);
    const id = clientIdFrom(body);
    const checked = checkClient(spec, body);
    if (!checked.ok) throw badRequest(checked.msg);
    const { name } = checked.client;
    const outcome = await storage.clients.save(id, checked.client, operatorOf(request).email);
    if (outcome === 'name-taken') throw new HttpError(409, `A client named "${name}" already exists.`);
    if (outcome === 'missing') throw notFound('Client not found.');
    return { msg: `Client "${name}" saved.` };
  });

  app.post(`/api/common/${endpoints.delete}`, needs('clients.delete'), async (request) => {
    const id = clientIdFrom(bodyOf(request));
    if (id === undefined) throw badRequest('Please provide the _id of the client to delete.');
    const name = await storage.clients.remove(id, operatorOf(request).email);
    if (name === undefined) throw notFound('Client not found.');
    return { msg: `Client "${name}" deleted.` };
  });

  app.post(`/api/common/${endpoints.bills}`, { ...needs('clients.read'), preHandler: reportSlot }, async (request) => {
    const value = bodyOf(request)[spec.key.name];
    const name = typeof value === 'string' ? value.trim() : '';
    if (!name) throw badRequest(spec.key.field.message ?? `Please provide the ${spec.key.title}.`);
    // An operator limited to some units (issue 45) sees the client's bills of those units only.
    const units = operatorOf(request).units;
    const rows = (await storage.clients.bills(name)).filter((row) => !units || units.includes(registry.byType(row.type)?.unit ?? ''));
    return { bill: rows.map((row) => clientBillAnswer(registry, row)).filter((row) => row !== undefined) };
  });
}
