import type { BillType } from '../../engine/core';

/**
 * Issue 48: a unit's stock as the Stock screen's stories show it, in the stock API's shapes (docs/api.md): a
 * filter at its reorder level (Low stock), a serialised generator set with one engine sold on an invoice.
 */
export const SAMPLE_STOCK = [
  { product: 'Fuel Filter', per: 'Nos', qty: 2, reorderlevel: 2, rate: 450, value: 900, low: true, serialised: false },
  { product: 'DG Set 15 kVA', per: 'Nos', qty: 2, reorderlevel: 1, rate: 285000, value: 570000, low: false, serialised: true },
];

/** A product's movements; `saleType` is the bill type whose bill 1 sold some (a goods sale of the registry). */
export function sampleMovements(product: string, saleType: BillType) {
  const serialised = SAMPLE_STOCK.find((row) => row.product === product)?.serialised ?? false;
  const sale = serialised ? 1 : 3;
  return {
    product,
    opening: 3,
    closing: 3 + 2 - sale,
    movements: [
      { date: '2026-04-01', kind: 'opening', qtyin: 3, qtyout: 0, balance: 3 },
      { date: '2026-05-10', kind: 'purchase', doc: { type: 'purchase', id: 1, label: 'Purchase PB-118' }, party: 'Kirloskar Oil Engines', qtyin: 2, qtyout: 0, balance: 5 },
      { date: '2026-06-02', kind: 'sale', doc: { type: saleType.type, billno: 1, label: `${saleType.menuLabel} 1` }, party: 'Kaveri Agro Industries', qtyin: 0, qtyout: sale, balance: 5 - sale },
    ],
  };
}

export function sampleSerials(saleType: BillType, status?: string) {
  const serials = [
    { serial: 'ENG-1', status: 'sold', came: { kind: 'opening', label: 'Opening stock', date: '2026-04-01' }, went: { type: saleType.type, billno: 1, client: 'Kaveri Agro Industries', billdate: '2026-06-02' } },
    { serial: 'ENG-2', status: 'instock', came: { kind: 'opening', label: 'Opening stock', date: '2026-04-01' } },
    { serial: 'ENG-4', status: 'instock', came: { kind: 'purchase', label: 'Purchase PB-118', date: '2026-05-10' } },
  ];
  return serials.filter((row) => status === undefined || row.status === status);
}
