import { describe, expect, it } from 'vitest';
import { creditNoteLastDay } from '../../src/engine/core';
import { loadRegistry } from '../../src/server/schema-files';
import { noteStartData, parseAgainst } from '../../src/app/bills/notes/note-start';

const registry = loadRegistry();

describe('Section 34: the last day a credit note reduces the tax', () => {
  it('is 30 November after the end of the original\'s financial year (April to March)', () => {
    expect(creditNoteLastDay('2026-11-21')).toBe('2027-11-30');
    expect(creditNoteLastDay('2026-04-01')).toBe('2027-11-30');
    expect(creditNoteLastDay('2027-03-31')).toBe('2027-11-30');
    expect(creditNoteLastDay('2025-03-10')).toBe('2025-11-30');
  });
});

describe('a note\'s first form data from the bill it corrects', () => {
  const creditNote = registry.byType('creditnote')!;

  it('copies the buyer and every goods line of a tax invoice, the place of supply from its GSTIN', () => {
    const invoice = registry.byType('taxinvoice')!;
    const stored = {
      billno: 5, fy: '2026-27', date: '2026-11-21', clientname: 'Kaveri Earthmovers', clientaddress: 'Hubballi', gstno: '29AABCK5678L1ZU',
      product: [{ srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty: '2', rate: '5000', per: 'no', amount: '10000.00' }],
    };
    expect(noteStartData(creditNote, invoice, stored)).toEqual({
      clientname: 'Kaveri Earthmovers', clientaddress: 'Hubballi', gstno: '29AABCK5678L1ZU', placeofsupply: '29',
      product: [{ srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty: '2', rate: '5000', per: 'no', amount: '10000.00' }],
    });
  });

  it('makes each service of a tax service bill one line at its amount (quantity 1)', () => {
    const service = registry.byType('taxservice')!;
    const stored = {
      billno: 2, date: '2026-11-21', clientname: 'Shree Ganesh Transport', clientaddress: 'Taloja', gstno: '27AAPFU0939F1ZV',
      product: [{ srno: 1, productname: 'Generator', service: [
        { servicename: 'Overhaul', servicedesc: '', hsn: '998714', taxrate: '18', rate: '1200', amount: '1200' },
        { servicename: 'Cleaning', servicedesc: '', hsn: '998714', taxrate: '18', rate: '300', amount: '300' },
      ] }],
    };
    const lines = noteStartData(creditNote, service, stored).product as Record<string, unknown>[];
    expect(lines.map((line) => [line.goods, line.hsn, line.taxrate, line.qty, line.rate, line.amount])).toEqual([
      ['Overhaul', '998714', '18', '1', '1200', '1200'],
      ['Cleaning', '998714', '18', '1', '300', '300'],
    ]);
  });
});

describe('the address naming the original (?against=)', () => {
  it('reads type, number and an optional financial year, and nothing else', () => {
    expect(parseAgainst('taxinvoice:5:2025-26')).toEqual({ billtype: 'taxinvoice', billno: 5, fy: '2025-26' });
    expect(parseAgainst('taxinvoice:5')).toEqual({ billtype: 'taxinvoice', billno: 5 });
    for (const bad of [null, '', 'taxinvoice', 'taxinvoice:0', 'taxinvoice:x', 'taxinvoice:5:2025']) expect(parseAgainst(bad)).toBeUndefined();
  });
});
