import { formatIndian } from '../../engine/core/money';
import { registry } from '../registry';
import { editRoute } from '../paths';

/** Rupees as the other screens print them: "₹ 1,23,456.00". */
export const rupees = (value: number | string) => `₹ ${formatIndian(String(value))}`;

/** A quantity as the server sent it; a zero shows as nothing in a movement's In or Out. */
export const quantity = (value: number | string | undefined) => (value === undefined || Number(value) === 0 ? '' : String(value));

/** The edit screen of a bill a movement or a serial names, when its type is one of the registry's (not a purchase). */
export function billPath(type: string, billno: number | string | undefined): string | undefined {
  const billType = registry.byType(type);
  return billType && billno !== undefined ? editRoute(billType, billno) : undefined;
}

/** A bill as a serial's sale names it: its type's menu label and number ("Tax Invoice 5"). */
export function billLabel(type: string, billno: number | string): string {
  return `${registry.byType(type)?.menuLabel ?? type} ${billno}`;
}
