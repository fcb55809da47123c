import { useMemo } from 'react';
import type { BillServices, BillUi } from '../../engine/react/contract';
import type { AppApi } from '../api/types';

/**
 * Issue 29: an edit of a sales bill that brings its total below what was paid against it asks first (the excess
 * stays with its payments, on account). The bill services with that question before each update; the question's
 * code (the bill's figures, the payments) loads only when a sales bill is updated.
 */
export function usePaidGuard(api: AppApi, ui: BillUi): BillServices {
  const { services } = api;
  return useMemo(
    () => ({
      ...services,
      async submitBill(billType, method, payload, convertedFrom) {
        if (method === 'update' && billType.countsAsSales) {
          const { confirmBelowPaid } = await import('./below-paid');
          await confirmBelowPaid(api, ui, billType, payload);
        }
        return services.submitBill(billType, method, payload, convertedFrom);
      },
    }),
    [api, services, ui],
  );
}
