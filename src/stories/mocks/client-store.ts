import {
  billTotals,
  checkClient,
  clientAnswerFields,
  clientOfBill,
  STORED_BILL_NUMBER,
  type BillType,
  type ClientDetails,
  type Registry,
  type Row,
} from '../../engine/core';

type Json = Record<string, unknown>;
type Answer = { status: number; json: unknown };

interface MockClient extends ClientDetails {
  id: number;
}

/** A stored bill of the mocked server, with its type. */
export interface TypedBill {
  billType: BillType;
  bill: Row;
}

const ok = (json: unknown): Answer => ({ status: 200, json });
const fail = (status: number, msg: string): Answer => ({ status, json: { msg } });
const keyOf = (name: string) => name.trim().toLowerCase();

/**
 * The mocked server's saved clients (issue 16), as the real one keeps them: built from the bills (a bill adds its
 * client or updates its address and GSTIN), saved by hand with the same checks and the same 409 on a taken name,
 * listed by name with search and paging, each with its bill count and last billed date.
 */
export function createClientStore(registry: Registry, bills: () => TypedBill[]) {
  const spec = registry.clients;
  const clients = new Map<number, MockClient>();
  let nextId = 1;
  const byName = (name: string) => [...clients.values()].find((client) => keyOf(client.name) === keyOf(name));
  const billsOf = (name: string) =>
    bills().filter(({ billType, bill }) => keyOf(String(bill[billType.roles.clientName.name] ?? '')) === keyOf(name));

  function noteBill(billType: BillType, bill: Row): void {
    const client = clientOfBill(spec, billType, bill);
    if (!client) return;
    const existing = byName(client.name);
    if (existing) existing.fills = { ...existing.fills, ...client.fills };
    else clients.set(nextId, { ...client, id: nextId++ });
  }
  for (const { billType, bill } of bills()) noteBill(billType, bill);

  function answer(client: MockClient): Row {
    const dates = billsOf(client.name).map(({ billType, bill }) => String(bill[billType.roles.billDate.name] ?? ''));
    const lastBilled = dates.sort().at(-1);
    return { _id: String(client.id), ...clientAnswerFields(spec, client), billCount: dates.length, ...(lastBilled ? { lastBilled } : {}) };
  }

  return {
    noteBill,
    list(query: Json): Answer {
      const search = keyOf(String(query.search ?? ''));
      const found = [...clients.values()]
        .filter((client) => keyOf(client.name).includes(search))
        .sort((a, b) => keyOf(a.name).localeCompare(keyOf(b.name)))
        .map(answer);
      if (query.limit === undefined) return ok({ [spec.listKey]: found });
      const offset = Number(query.offset ?? 0);
      return ok({ [spec.listKey]: found.slice(offset, offset + Number(query.limit)), total: found.length });
    },
    save(body: Json): Answer {
      const checked = checkClient(spec, body);
      if (!checked.ok) return fail(400, checked.msg);
      const id = body._id === undefined ? undefined : Number(body._id);
      const taken = byName(checked.client.name);
      if (taken && taken.id !== id) return fail(409, `A client named "${checked.client.name}" already exists.`);
      if (id !== undefined && !clients.has(id)) return fail(404, 'Client not found.');
      const savedId = id ?? nextId++;
      clients.set(savedId, { ...checked.client, id: savedId });
      return ok({ msg: `Client "${checked.client.name}" saved.` });
    },
    remove(body: Json): Answer {
      const client = clients.get(Number(body._id));
      if (!client) return fail(404, 'Client not found.');
      clients.delete(client.id);
      return ok({ msg: `Client "${client.name}" deleted.` });
    },
    bills(body: Json): Answer {
      const name = String(body[spec.key.name] ?? '').trim();
      if (!name) return fail(400, spec.key.field.message ?? `Please provide the ${spec.key.title}.`);
      const dated = billsOf(name).map(({ billType, bill }) => {
        const date = String(bill[billType.roles.billDate.name] ?? '');
        const row: Row = {
          billtype: billType.type,
          [STORED_BILL_NUMBER]: bill[STORED_BILL_NUMBER],
          [billType.roles.billDate.name]: date,
          total: Number(billTotals(billType, bill).grandTotal.toFixed(2)),
        };
        return { date, row };
      });
      // Newest first, as the server answers.
      const rows = dated.sort((a, b) => b.date.localeCompare(a.date)).map(({ row }) => row);
      return ok({ bill: rows });
    },
  };
}
