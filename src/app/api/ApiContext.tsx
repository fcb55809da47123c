import { createContext, useContext, type ReactNode } from 'react';
import type { AppApi } from './types';

const ApiContext = createContext<AppApi | null>(null);

/** Gives the screens their API; tests pass a fake here instead of mocking HTTP. */
export function ApiProvider({ api, children }: { api: AppApi; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): AppApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an ApiProvider above it');
  return api;
}
