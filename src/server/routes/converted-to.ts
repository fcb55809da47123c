import type { BillType } from '../../engine/core';
import type { Storage } from '../storage';

/** The answer's key for the bill a quotation was converted to: `convertedto: {billtype, billno}`. */
export const CONVERTED_TO = 'convertedto';

export interface ConvertedTo {
  billtype: string;
  billno: number;
}

/**
 * The latest conversion of each listed bill, for types that convert (`x-bill.convertsTo`); other types
 * answer without asking the database.
 */
export async function convertedToOf(storage: Storage, billType: BillType, billnos: number[]): Promise<Map<number, ConvertedTo>> {
  const answers = new Map<number, ConvertedTo>();
  if (!billType.convertsTo) return answers;
  const latest = await storage.conversions.latest(billType.unit, billType.type, billnos);
  for (const [billno, target] of latest) answers.set(billno, { billtype: target.type, billno: target.billno });
  return answers;
}
