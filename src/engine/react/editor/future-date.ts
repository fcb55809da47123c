import { localIsoDay } from '../../core/financial-year';
import { isIsoDay } from '../../core/periods';
import type { BillType } from '../../core/registry/types';
import type { Row } from '../../core/rows';
import { isoToIndian } from '../../core/typed-date';
import type { BillUi } from '../contract';
import { EDITOR_TEXTS } from './texts';

/**
 * Before a save of a bill dated after today (1/12/26 typed for 1/11/26), asks first (issue 30). Resolves
 * whether to go on; "Change the date", the focused answer, and a dismissed question stop the save.
 */
export async function confirmFutureDate(ui: BillUi, billType: BillType, payload: Row): Promise<boolean> {
  const field = billType.roles.billDate;
  const date = payload[field.name];
  const today = localIsoDay();
  if (!isIsoDay(date) || date <= today) return true;
  const texts = EDITOR_TEXTS.futureDate;
  const answer = await ui.ask({
    title: texts.title,
    description: texts.description(field.title, isoToIndian(date), isoToIndian(today)),
    choices: [
      { label: texts.keep(isoToIndian(date)), value: 'keep' },
      { label: texts.change, value: 'change', tone: 'primary' },
    ],
  });
  return answer?.choice === 'keep';
}
