import type { RegistryIndex } from '../../core/registry/registry';
import type { Row } from '../../core/rows';
import type { BillRef, BillUi } from '../contract';
import { EDITOR_TEXTS } from './texts';

/** Where `getbill` names the bill a quotation was converted to: `convertedto: {billtype, billno}`. */
export const CONVERTED_TO_KEY = 'convertedto';

/** The bill a stored quotation was converted to, when the server says so and the type is known. */
export function convertedToOf(registry: RegistryIndex, stored: Row): BillRef | undefined {
  const value = stored[CONVERTED_TO_KEY] as { billtype?: unknown; billno?: unknown } | undefined;
  const billType = typeof value?.billtype === 'string' ? registry.byType(value.billtype) : undefined;
  const billno = Number(value?.billno);
  return billType && Number.isSafeInteger(billno) ? { billType, billno } : undefined;
}

/** "Converted to Tax Invoice Bill No. 5": the target's menu label and number. */
export function convertedText(ref: BillRef): string {
  return EDITOR_TEXTS.convertedTo(ref.billType.menuLabel, ref.billno);
}

/**
 * The Convert to BILL modal (spec 2) with the converted bill's date, today unless the operator changes it;
 * a quotation converted before is named, so a second conversion is a choice. Resolves with the date, or
 * undefined when the operator does not convert.
 */
export async function askConversion(
  ui: BillUi,
  texts: { title: string; description: string; confirmLabel: string; cancelLabel: string },
  dateLabel: string,
  today: string,
  convertedTo?: BillRef,
): Promise<string | undefined> {
  const answer = await ui.ask({
    title: texts.title,
    description: convertedTo ? EDITOR_TEXTS.convertAgain(convertedTo.billType.menuLabel, convertedTo.billno) : texts.description,
    choices: [
      { label: texts.cancelLabel, value: 'cancel' },
      { label: convertedTo ? EDITOR_TEXTS.convertAgainLabel : texts.confirmLabel, value: 'convert', tone: 'primary' },
    ],
    date: { label: dateLabel, value: today },
  });
  if (answer?.choice !== 'convert') return undefined;
  return answer.date || today;
}
