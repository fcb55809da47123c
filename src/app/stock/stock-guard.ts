import { useMemo } from 'react';
import type { BillServices, BillUi } from '../../engine/react/contract';
import { ApiError } from '../api/error-message';

/** The server's ask when a sale takes more than is in stock (the unit's oversell setting "ask", issue 48). */
const STOCK_ASK = 'stock';

export const SHORT_OF_STOCK = {
  title: 'Not enough in stock',
  confirmLabel: 'Save anyway',
  cancelLabel: 'Cancel',
  declined: 'The bill was not saved.',
} as const;

/**
 * Issue 48: a sale of more than is on hand may be asked about (409 `confirm: "stock"`, its msg naming what is
 * left): the operator confirms and the same bill goes again with `confirmstock: true`, as a payment's unusual TDS
 * does. A refusal (400) is the save's error, shown as any other.
 */
export function useStockGuard(services: BillServices, ui: BillUi): BillServices {
  return useMemo(
    () => ({
      ...services,
      async submitBill(billType, method, payload, convertedFrom) {
        try {
          return await services.submitBill(billType, method, payload, convertedFrom);
        } catch (error) {
          if (!(error instanceof ApiError) || error.confirm !== STOCK_ASK) throw error;
          const confirmed = await ui.confirm({ ...SHORT_OF_STOCK, description: error.message });
          if (!confirmed) throw new Error(SHORT_OF_STOCK.declined, { cause: error });
          return services.submitBill(billType, method, { ...payload, confirmstock: true }, convertedFrom);
        }
      },
    }),
    [services, ui],
  );
}
