import { listRowOf, type BillType, type Registry, type Row } from '../../engine/core';
import { sampleBill, storedBill } from './sample-bill';

export type PutResult = { ok: true; bill: Row } | { ok: false; status: number; msg: string };

/**
 * The mocked server's bills: seeded with sample bills of every type, numbered 1, 2, 3 ...; numbers
 * are never reused, as on the real server (a deleted bill keeps its number taken).
 */
export function createBillStore(registry: Registry, perType: number, lines: number, longClient = false) {
  const bills = new Map<string, Map<number, Row>>();
  const last = new Map<string, number>();
  const of = (billType: BillType) => {
    let stored = bills.get(billType.type);
    if (!stored) bills.set(billType.type, (stored = new Map()));
    return stored;
  };

  for (const billType of registry.billTypes) {
    for (let billno = 1; billno <= perType; billno++) {
      of(billType).set(billno, storedBill(billType, sampleBill(billType, { billno, lines, longClient })));
    }
    last.set(billType.type, perType);
  }

  return {
    /** Every stored bill with its type (the saved clients are built from them). */
    all: () =>
      registry.billTypes.flatMap((billType) => [...of(billType).values()].map((bill) => ({ billType, bill }))),
    lastNumber: (billType: BillType) => last.get(billType.type) ?? 0,
    /** Newest (highest number) first, as the server lists them. */
    list: (billType: BillType) =>
      [...of(billType).values()].map((bill) => listRowOf(billType, bill)).sort((a, b) => b.billno - a.billno),
    get: (billType: BillType, billno: number) => of(billType).get(billno),
    remove: (billType: BillType, billno: number) => of(billType).delete(billno),
    put(billType: BillType, payload: Row, update: boolean): PutResult {
      const billno = Number(payload[billType.roles.billNumber.name]);
      const exists = of(billType).has(billno) || (!update && billno <= (last.get(billType.type) ?? 0));
      if (update && !exists) return { ok: false, status: 404, msg: `Bill No. ${billno} not found.` };
      if (!update && exists) return { ok: false, status: 409, msg: `Bill No. ${billno} already exists; bill numbers are never reused. Please use the next number.` };
      const bill = storedBill(billType, payload);
      of(billType).set(billno, bill);
      last.set(billType.type, Math.max(billno, last.get(billType.type) ?? 0));
      return { ok: true, bill };
    },
  };
}
