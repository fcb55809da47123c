import { useMemo } from 'react';
import { useApi } from '../api/ApiContext';
import { deferredApi } from '../api/deferred-api';
import type { PaymentsApi } from './payments-api';

/** The payments' calls (issue 29), reached through the clients' API, whose chunk carries them (clients-api.ts). */
export function usePaymentsApi(): PaymentsApi {
  const { clients } = useApi();
  return useMemo(() => deferredApi(() => clients.paymentsApi()), [clients]);
}
