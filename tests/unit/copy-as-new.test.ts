import { describe, expect, it } from 'vitest';
import { copiedAsNew } from '../../src/engine/core/bill-data';
import { loadRegistry } from '../../src/server/schema-files';

const registry = loadRegistry();

/** Issue 50: "Copy as new bill" keeps all but the number, the date and the pieces (serial numbers) sold on the lines. */
describe('a bill copied as a new one', () => {
  it.each(registry.billTypes.map((billType) => [billType.type, billType] as const))('%s: no number, no date, no serials; the rest as it was', (_type, billType) => {
    const rowsField = billType.rowsField.name;
    const bill = {
      [billType.roles.billNumber.name]: 41,
      [billType.roles.billDate.name]: '2026-11-02',
      [billType.roles.clientName.name]: 'Kaveri Agro Industries',
      [rowsField]: [{ srno: 1, goods: 'DG set 15 kVA', qty: '1', serials: ['ENG-7'] }, { srno: 2, goods: 'Fuel filter', qty: '4' }],
    };
    expect(copiedAsNew(billType, bill)).toEqual({
      [billType.roles.clientName.name]: 'Kaveri Agro Industries',
      [rowsField]: [
        { srno: 1, goods: 'DG set 15 kVA', qty: '1' },
        { srno: 2, goods: 'Fuel filter', qty: '4' },
      ],
    });
  });
});
