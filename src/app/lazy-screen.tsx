import { useEffect, useState, type ComponentType } from 'react';

/**
 * A screen whose code loads on demand, like React.lazy, but shown as soon as it arrives. A React.lazy
 * screen suspends, and React reveals a suspended screen no sooner than 300 ms after its fallback showed
 * (Suspense throttling of retries): a list of 25 bills took ~600 ms to appear instead of ~300 (npm run
 * bench:lists). Here the arrival is an ordinary state update, which React does not hold back.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchScreen = () => {
    pending ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = undefined; // the next visit tries again
        throw error;
      },
    );
    return pending;
  };

  return function LazyScreen(props: P) {
    const [Screen, setScreen] = useState(() => loaded);
    const [failure, setFailure] = useState<unknown>();
    // Started during the first render, as React.lazy does, not after the fallback has painted.
    const arriving = Screen || failure ? undefined : fetchScreen();
    useEffect(() => {
      let current = true;
      arriving?.then(
        (component) => current && setScreen(() => component),
        (error: unknown) => current && setFailure(error),
      );
      return () => {
        current = false;
      };
    }, [arriving]);
    // A chunk that failed to load goes to the nearest error boundary, as with React.lazy.
    if (failure) throw failure;
    return Screen ? <Screen {...props} /> : <p className="page-loading">Please Wait</p>;
  };
}
