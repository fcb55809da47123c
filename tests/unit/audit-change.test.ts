import { describe, expect, it } from 'vitest';
import { changesBetween, changeText, readableName, type AuditedDocument } from '../../src/engine/core';

const line = (key: string, qty: string, rate: string) => ({ key, text: `${key} × ${qty} @ ${rate}`, values: { QTY: qty, Rate: rate } });

describe('changesBetween: what an audit row changed, as people read it (issue 45)', () => {
  const before: AuditedDocument = {
    fields: { clientaddress: 'Pune', dated: '' },
    lines: [line('Oil filter', '1', '100.00'), line('Coolant', '2', '80.00')],
    figures: { Total: '354.00' },
  };

  it('lists fields by their labels, lines removed, added and changed (paired by description), then the figures', () => {
    const after: AuditedDocument = {
      fields: { clientaddress: 'Nashik', dated: '2026-11-20' },
      lines: [line('Oil filter', '3', '100.00'), line('Engine oil 15W40', '2', '450.00')],
      figures: { Total: '1,416.00' },
    };
    expect(changesBetween(before, after, { clientaddress: 'Client Company Address' })).toEqual([
      { kind: 'field', label: 'Client Company Address', before: 'Pune', after: 'Nashik' },
      { kind: 'field', label: 'Dated', before: '', after: '2026-11-20' },
      { kind: 'line-removed', line: 'Coolant × 2 @ 80.00' },
      { kind: 'line-added', line: 'Engine oil 15W40 × 2 @ 450.00' },
      { kind: 'line-changed', line: 'Oil filter × 1 @ 100.00', label: 'QTY', before: '1', after: '3' },
      { kind: 'field', label: 'Total', before: '354.00', after: '1,416.00' },
    ]);
  });

  it('sums up a new or removed document by its figures, or by its values when it has none', () => {
    expect(changesBetween(null, before, {})).toEqual([{ kind: 'field', label: 'Total', before: '', after: '354.00' }]);
    expect(changesBetween(before, null, {})).toEqual([{ kind: 'field', label: 'Total', before: '354.00', after: '' }]);
    expect(changesBetween(null, { fields: { name: 'Ravi Motors', phone: '' } }, { name: 'Client' })).toEqual([
      { kind: 'field', label: 'Client', before: '', after: 'Ravi Motors' },
    ]);
    expect(changesBetween(before, before, {})).toEqual([]);
  });

  it('writes a change as one line of text and a field name as words', () => {
    expect(changeText({ kind: 'field', label: 'Total', before: '1,000.00', after: '1,180.00' })).toBe('Total: 1,000.00 → 1,180.00');
    expect(changeText({ kind: 'line-added', line: 'Engine oil' })).toBe('Added line: Engine oil');
    expect(changeText({ kind: 'line-removed', line: 'Coolant' })).toBe('Removed line: Coolant');
    expect(readableName('fromaddress')).toBe('Fromaddress');
    expect(readableName('clientName')).toBe('Client name');
    expect(readableName('reply_to')).toBe('Reply to');
  });
});
