import type { PaymentsSpec } from '../../engine/core/registry/payments';
import file from '../../../schemas/payments.json';

/**
 * payments.json as the payment screens read it: modes by name, field titles and limits, messages. Imported here
 * only, so it loads with these screens and stays out of the bill screens (src/app/registry.ts leaves it out).
 * The server and `npm run gen` check the file; the browser trusts what they checked.
 */
export const paymentsSpec = (file as unknown as { payments: PaymentsSpec }).payments;

/** A mode's name ("Bank transfer (NEFT/RTGS/IMPS)"), or the value itself when the file does not name it. */
export const modeName = (mode: string): string => (Object.hasOwn(paymentsSpec.modes, mode) ? paymentsSpec.modes[mode] : mode);
