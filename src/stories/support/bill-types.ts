import { storyRegistry as registry } from './story-registry';
import type { BillType } from '../../engine/core';

/** Bill types in menu order (the landing type first). */
export const menuBillTypes: BillType[] = registry.menu().flatMap((group) => group.billTypes);

/** Stories choose bill types by what they are (schema keywords), never by name. */
export function billTypeWhere(what: string, test: (billType: BillType) => boolean): BillType {
  const found = menuBillTypes.find(test);
  if (!found) throw new Error(`No bill type in schemas/bills is ${what}`);
  return found;
}

export const landingBillType = billTypeWhere('in the menu', () => true);
export const goodsBillType = billTypeWhere('a goods bill', (b) => b.lines === 'goods');
export const serviceBillType = billTypeWhere('a service bill', (b) => b.lines === 'service');
export const convertingBillType = billTypeWhere('a quotation that converts', (b) => b.convertsTo !== undefined);
