import { describe, expect, it } from 'vitest';
import { EWAY_BILL_LIMITS, ewayBillLimit } from '../../src/engine/core/eway-bill-limits';
import { slashDate } from '../../src/engine/core/eway-bill';
import { checkEwayBillReply } from '../../src/engine/core/portal-replies';

describe('e-way bill limits (issue 33, CGST Rule 138)', () => {
  it('is ₹50,000 between states, ₹1,00,000 within Maharashtra and the general ₹50,000 within another state', () => {
    expect(ewayBillLimit('27', '29')).toBe(50_000);
    expect(ewayBillLimit('29', '27')).toBe(50_000);
    expect(ewayBillLimit('27', '27')).toBe(100_000);
    expect(ewayBillLimit('29', '29')).toBe(50_000);
    expect(EWAY_BILL_LIMITS.intraStateByState).toEqual({ '27': 100_000 });
  });

  it('writes dates as the portals do, and reads the e-way bill number as printed', () => {
    expect(slashDate('2026-11-28')).toBe('28/11/2026');
    expect(slashDate('')).toBe('');
    expect(checkEwayBillReply({ ewbNo: ' 3410 1234 5678 ', ewbDate: '28/11/2026  10:15 AM', validUpto: '29/11/2026' })).toEqual({
      ok: true,
      reply: { ewbNo: '341012345678', ewbDate: '28/11/2026 10:15 AM', validUpto: '29/11/2026' },
    });
  });
});
