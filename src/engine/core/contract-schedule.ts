/**
 * A service contract's cycles (issue 47): from its start, every N months or every N days, each with the day its
 * invoice falls due. Pure date arithmetic on ISO days (YYYY-MM-DD), the same on the server and the screens.
 */

/** What fixes a contract's cycles. */
export interface ContractPlan {
  start: string;
  /** The last day of the contract; or `cycles`. */
  end?: string;
  cycles?: number;
  /** Every `months` months, else every `everyDays` days. */
  months?: number;
  everyDays?: number;
  /** The day of each cycle its invoice is due on (1: its first day). */
  dueDay: number;
}

export interface ContractCycle {
  /** 1, 2, ... */
  no: number;
  from: string;
  to: string;
  due: string;
}

const DAY_MS = 86_400_000;

const toTime = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const toIso = (time: number) => new Date(time).toISOString().slice(0, 10);

export function addDays(iso: string, days: number): string {
  return toIso(toTime(iso) + days * DAY_MS);
}

/** The same day `months` months on, or the month's last day when it is shorter (31 January + 1 month: 28 February). */
export function addMonths(iso: string, months: number): string {
  const total = Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1 + months;
  const year = Math.floor(total / 12);
  const month = total % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return toIso(Date.UTC(year, month, Math.min(Number(iso.slice(8, 10)), lastDay)));
}

/** The first day of cycle `no`: counted from the start each time, so short months do not drift the later cycles. */
function cycleStart(plan: ContractPlan, no: number): string {
  return plan.months ? addMonths(plan.start, (no - 1) * plan.months) : addDays(plan.start, (no - 1) * (plan.everyDays ?? 1));
}

/** The shortest a cycle of the plan can be, in days: the latest a due day may be. */
export function shortestCycleDays(plan: Pick<ContractPlan, 'months' | 'everyDays'>): number {
  return plan.months ? plan.months * 28 : (plan.everyDays ?? 1);
}

/**
 * The cycles of a plan, at most `limit + 1` of them (a caller refuses a plan with more than `limit`): `cycles` of
 * them, or every one that starts on or before `end`.
 */
export function contractCycles(plan: ContractPlan, limit: number): ContractCycle[] {
  const cycles: ContractCycle[] = [];
  for (let no = 1; no <= limit + 1; no++) {
    const from = cycleStart(plan, no);
    if (plan.cycles !== undefined ? no > plan.cycles : plan.end !== undefined && from > plan.end) break;
    const to = addDays(cycleStart(plan, no + 1), -1);
    const due = addDays(from, plan.dueDay - 1);
    cycles.push({ no, from, to, due: due > to ? to : due });
  }
  return cycles;
}

/** The contract's last day: its end date, or the last day of its last cycle. */
export function contractLastDay(plan: ContractPlan, cycles: readonly ContractCycle[]): string {
  return plan.end ?? cycles[cycles.length - 1]?.to ?? plan.start;
}
