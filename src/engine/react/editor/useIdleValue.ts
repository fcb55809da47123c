import { useEffect, useState } from 'react';
import type { LiveValue } from './live-value';

type Cancel = () => void;

/** Runs `work` when the browser is idle (at the latest after 300 ms), or after a short timeout where idle callbacks do not exist. */
function whenIdle(work: () => void): Cancel {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 300 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 50);
  return () => window.clearTimeout(handle);
}

/**
 * The latest value of a LiveValue, taken when the browser is idle: a burst of keystrokes re-renders the
 * reader once afterwards, never inside a keystroke.
 */
export function useIdleValue<T>(live: LiveValue<T>): T {
  const [value, setValue] = useState(live.get);
  useEffect(() => {
    let cancel: Cancel | undefined;
    const take = () => {
      cancel = undefined;
      setValue(live.get());
    };
    const unsubscribe = live.subscribe(() => {
      cancel ??= whenIdle(take);
    });
    setValue(live.get());
    return () => {
      unsubscribe();
      cancel?.();
    };
  }, [live]);
  return value;
}
