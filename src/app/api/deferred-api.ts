/**
 * An API object whose module loads on its first call: every method of T answers a promise, so the proxy's methods
 * wait for the module, then call the real one. A screen's calls (reports, mail, receivables) load with the screens
 * that make them, not with every screen. A failed load is tried again on the next call.
 */
export function deferredApi<T extends object>(load: () => Promise<T>): T {
  let loading: Promise<T> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return new Proxy({} as T, {
    get: (_target, name) =>
      (...args: unknown[]) =>
        loaded().then((api) => (api[name as keyof T] as (...values: unknown[]) => unknown)(...args)),
  });
}
