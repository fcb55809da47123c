/**
 * An API object whose module loads on its first call: every method of T answers a promise, so the proxy's methods
 * wait for the module, then call the real one. Keeps a screen's calls (reports, mail) out of the bill screens'
 * JavaScript, which has a budget (tests/e2e/bundle.test.ts). A failed load is tried again on the next call.
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
