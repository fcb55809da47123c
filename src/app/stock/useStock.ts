import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../api/ApiContext';
import { showErrorToast } from '../ui/toasts';

/** An answer of the stock API loaded for the screen and again after each change (`reload`); undefined while loading. */
export function useStockAnswer<T>(load: (api: ReturnType<typeof useApi>['stock']) => Promise<T>, deps: readonly unknown[]) {
  const { stock: api } = useApi();
  const [answer, setAnswer] = useState<{ value: T }>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setAnswer(undefined);
    load(api).then(
      (value) => live && setAnswer({ value }),
      (error: unknown) => live && showErrorToast((error as Error).message),
    );
    return () => {
      live = false;
    };
    // The caller names what its load depends on: `load` is a new function each render.
  }, [api, version, ...deps]);
  return { value: answer?.value, reload: useCallback(() => setVersion((v) => v + 1), []) };
}
