import { DEFAULT_SERIES, restartsYearly } from '../../core/number-series';
import { financialYearLabel } from '../../core/financial-year';
import { financialYearOf } from '../../core/periods';
import { printedNumberOn } from '../../core/printed-number';
import type { BillType } from '../../core/registry/types';
import type { BillUi } from '../contract';

const GAP_TEXTS = {
  title: 'Skip bill numbers?',
  description: (label: string, typed: number, next: number, numbering: { series: string; date: string }) => {
    const { series, date } = numbering;
    // A series that restarts every 1 April is the bill's own financial year's (issue 50); its next as printed too.
    const name = restartsYearly(series) ? `the ${financialYearLabel(financialYearOf(date))} series` : 'the series';
    const printed = series === DEFAULT_SERIES ? '' : ` (${printedNumberOn(series, next, date)})`;
    return `${label} ${typed} skips ${typed - next} ${typed - next === 1 ? 'number' : 'numbers'}; the next in ${name} is ${next}${printed}.`;
  },
  saveAnyway: 'Save anyway',
  useNext: (next: number) => `Use ${next}`,
};

/**
 * Asks whether to leave the gap a typed number makes or use the next one: the number to save under, or undefined
 * to stop. Loaded only when a number skips some (a typo), so the create screen's first load does not carry it.
 */
export async function askAboutGap(ui: BillUi, billType: BillType, numbering: { series: string; date: string }, typed: number, next: number): Promise<number | undefined> {
  const answer = await ui.ask({
    title: GAP_TEXTS.title,
    description: GAP_TEXTS.description(billType.roles.billNumber.title, typed, next, numbering),
    // The safe answer is the focused one (the last), so a stray Enter never leaves a gap (issue 30).
    choices: [
      { label: GAP_TEXTS.saveAnyway, value: 'anyway' },
      { label: GAP_TEXTS.useNext(next), value: 'next', tone: 'primary' },
    ],
  });
  if (answer?.choice === 'anyway') return typed;
  if (answer?.choice === 'next') return next;
  return undefined;
}
