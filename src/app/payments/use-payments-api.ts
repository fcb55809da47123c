import { useApi } from '../api/ApiContext';
import type { PaymentsApi } from './payments-api';

/** The payments' calls (issue 29). */
export function usePaymentsApi(): PaymentsApi {
  return useApi().payments;
}
