import { describe, expect, it } from 'vitest';
import { dateInputText, isoToIndian, typedDateText, typedDateToIso } from '../../src/engine/core/typed-date';

describe('typed dates (issue 30)', () => {
  it('reads Indian order with - / . and 2- or 4-digit years, digits alone, and ISO dates', () => {
    for (const text of ['2026-12-01', '1/12/26', '01.12.2026', '1-12-2026', '01122026', '011226', ' 01-12-2026 ']) {
      expect(typedDateToIso(text), text).toBe('2026-12-01');
    }
    expect(typedDateToIso('29/2/28')).toBe('2028-02-29');
  });

  it('reads no date from impossible days or half-typed text', () => {
    for (const text of ['31-02-2026', '31022026', '29-02-2026', '2026-13-01', '00-01-2026', '1/12', '1/12/2', 'today', '']) {
      expect(typedDateToIso(text), text).toBeUndefined();
    }
  });

  it('names digits typed alone as the operator meant them, and keeps only digits and separators', () => {
    expect(typedDateText('31022026')).toBe('31-02-2026');
    expect(typedDateText('31/02/2026')).toBe('31/02/2026');
    expect(dateInputText('31a-0b2/2026.99')).toBe('31-02/2026');
    expect(isoToIndian('2026-12-01')).toBe('01-12-2026');
    expect(isoToIndian('31-02-2026')).toBe('31-02-2026');
  });
});
