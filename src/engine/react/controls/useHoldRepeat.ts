import { useCallback, useEffect, useRef, type PointerEvent } from 'react';
import { useLatest } from './useLatest';

/** Spec 9: a held stepper button repeats after 300 ms, then every 50 ms. */
export const HOLD_DELAY_MS = 300;
export const REPEAT_EVERY_MS = 50;

/**
 * Pointer handlers for a button that acts once on press and keeps acting while held. A keyboard
 * "click" (no pointer) acts once through onClick, so a pointer press is not counted twice.
 */
export function useHoldRepeat(act: (event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }) => void) {
  const timers = useRef<{ delay?: ReturnType<typeof setTimeout>; repeat?: ReturnType<typeof setInterval> }>({});
  const actRef = useLatest(act);

  const stop = useCallback(() => {
    clearTimeout(timers.current.delay);
    clearInterval(timers.current.repeat);
    timers.current = {};
  }, []);

  useEffect(() => stop, [stop]);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0) return;
      // Keep the focus in the input the button belongs to.
      event.preventDefault();
      stop();
      const modifiers = { shiftKey: event.shiftKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey };
      actRef.current(modifiers);
      timers.current.delay = setTimeout(() => {
        timers.current.repeat = setInterval(() => actRef.current(modifiers), REPEAT_EVERY_MS);
      }, HOLD_DELAY_MS);
    },
    [stop, actRef],
  );

  const onClick = useCallback(
    (event: { detail: number; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }) => {
      if (event.detail === 0) actRef.current(event);
    },
    [actRef],
  );

  return { onPointerDown, onPointerUp: stop, onPointerLeave: stop, onPointerCancel: stop, onClick };
}
