import { describe, expect, it } from 'vitest';
import { addMonths, contractCycles, contractLastDay } from '../../src/engine/core';

describe("a service contract's cycles (issue 47)", () => {
  it('a quarterly contract of 4 cycles from 1 January: due 1 Jan, 1 Apr, 1 Jul, 1 Oct; it ends on 31 December', () => {
    const plan = { start: '2026-01-01', cycles: 4, months: 3, dueDay: 1 };
    const cycles = contractCycles(plan, 120);
    expect(cycles).toEqual([
      { no: 1, from: '2026-01-01', to: '2026-03-31', due: '2026-01-01' },
      { no: 2, from: '2026-04-01', to: '2026-06-30', due: '2026-04-01' },
      { no: 3, from: '2026-07-01', to: '2026-09-30', due: '2026-07-01' },
      { no: 4, from: '2026-10-01', to: '2026-12-31', due: '2026-10-01' },
    ]);
    expect(contractLastDay(plan, cycles)).toBe('2026-12-31');
  });

  it('a month from 31 January is the last of February, and the next cycle starts on the 31st again (no drift)', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    const cycles = contractCycles({ start: '2026-01-31', cycles: 3, months: 1, dueDay: 1 }, 120);
    expect(cycles.map((cycle) => cycle.from)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(cycles[1].to).toBe('2026-03-30');
  });

  it('an end date takes every cycle starting on or before it; the due day counts from the cycle start', () => {
    const cycles = contractCycles({ start: '2026-04-01', end: '2026-05-01', everyDays: 15, dueDay: 10 }, 120);
    expect(cycles).toEqual([
      { no: 1, from: '2026-04-01', to: '2026-04-15', due: '2026-04-10' },
      { no: 2, from: '2026-04-16', to: '2026-04-30', due: '2026-04-25' },
      { no: 3, from: '2026-05-01', to: '2026-05-15', due: '2026-05-10' },
    ]);
  });

  it('stops one past the limit, so a plan with too many cycles is refused, not computed for ever', () => {
    expect(contractCycles({ start: '2026-01-01', end: '2099-12-31', everyDays: 1, dueDay: 1 }, 120)).toHaveLength(121);
  });
});
