import { useMemo } from 'react';
import type { BillServices, BillUi } from '../../engine/react/contract';
import { confirmBelowPaid } from './below-paid';
import { usePaymentsApi } from './use-payments-api';

/**
 * Issue 29: an edit of a sales bill that brings its total below what was paid against it asks first (the excess
 * stays with its payments, on account). The bill services with that question before each update (the edit screen's,
 * EditBill, a chunk apart from the create screens).
 */
export function usePaidGuard(services: BillServices, ui: BillUi): BillServices {
  const payments = usePaymentsApi();
  return useMemo(
    () => ({
      ...services,
      async submitBill(billType, method, payload, convertedFrom) {
        if (method === 'update' && billType.countsAsSales) await confirmBelowPaid(payments, ui, billType, payload);
        return services.submitBill(billType, method, payload, convertedFrom);
      },
    }),
    [services, payments, ui],
  );
}
