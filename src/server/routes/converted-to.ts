import { financialYearLabel, type BillType } from '../../engine/core';
import type { Storage } from '../storage';
import { yearAndNumber } from '../storage/conversions';

/** The answer's key for the bill a quotation was converted to: `convertedto: {billtype, billno, fy}`. */
export const CONVERTED_TO = 'convertedto';

export interface ConvertedTo {
  billtype: string;
  billno: number;
  /** The target's financial year, "2026-27". */
  fy: string;
}

/**
 * The latest conversion of each listed bill (keyed by yearAndNumber), for types that convert
 * (`x-bill.convertsTo`); other types answer without asking the database.
 */
export async function convertedToOf(
  storage: Storage,
  billType: BillType,
  bills: { fy: number; billno: number }[],
): Promise<Map<string, ConvertedTo>> {
  const answers = new Map<string, ConvertedTo>();
  if (!billType.convertsTo) return answers;
  const latest = await storage.conversions.latest(billType.unit, billType.type, bills);
  for (const [key, target] of latest) {
    answers.set(key, { billtype: target.type, billno: target.billno, fy: financialYearLabel(target.fy) });
  }
  return answers;
}

export { yearAndNumber };
