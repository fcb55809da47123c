import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** The screen (path and query) the app last reloaded at for a chunk that failed to load. */
const RELOADED_FOR_CHUNK = 'alfa-billing:reloaded-for-chunk';

const here = () => window.location.pathname + window.location.search;

/**
 * A chunk failed to load: most likely the app was rebuilt while this tab was open and the old chunk is
 * gone. Reloads the app once (issue 30; what was typed is in its draft, written as the screen is left)
 * instead of showing the router's raw error. Once per screen: a chunk failing again at the screen the app
 * just reloaded at goes to the error screen (ScreenError) instead, so a chunk that is really missing
 * cannot reload the app in a loop. Returns whether it reloads.
 */
export function reloadForChunk(): boolean {
  try {
    if (sessionStorage.getItem(RELOADED_FOR_CHUNK) === here()) return false;
    sessionStorage.setItem(RELOADED_FOR_CHUNK, here());
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** A chunk arrived: once the operator is on another screen, a later rebuild may reload the app again. */
function chunkArrived(): void {
  try {
    const reloadedAt = sessionStorage.getItem(RELOADED_FOR_CHUNK);
    if (reloadedAt !== null && reloadedAt !== here()) sessionStorage.removeItem(RELOADED_FOR_CHUNK);
  } catch {
    // Without session storage nothing was noted.
  }
}

/**
 * A screen whose code loads on demand, like React.lazy, but shown as soon as it arrives. A React.lazy
 * screen suspends, and React reveals a suspended screen no sooner than 300 ms after its fallback showed
 * (Suspense throttling of retries): a list of 25 bills took ~600 ms to appear instead of ~300 (npm run
 * bench:lists). Here the arrival is an ordinary state update, which React does not hold back.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  /** What shows until it arrives; a panel beside a screen shows nothing. */
  placeholder: ReactNode = <p className="page-loading">Please Wait</p>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchScreen = () => {
    pending ??= load().then(
      (module) => {
        chunkArrived();
        return (loaded = module.default);
      },
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
        (error: unknown) => current && !reloadForChunk() && setFailure(error),
      );
      return () => {
        current = false;
      };
    }, [arriving]);
    // A chunk that failed to load goes to the nearest error boundary, as with React.lazy.
    if (failure) throw failure;
    return Screen ? <Screen {...props} /> : placeholder;
  };
}
