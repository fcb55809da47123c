import { useCallback, useLayoutEffect, useRef, type FocusEvent, type MouseEvent } from 'react';

/**
 * Makes a value the program filled in (a saved service's HSN, a product's rate, an amount taken from its rate)
 * replaced, not appended to, by what the operator types next:
 * - filled while the input has the focus (rendered as the focus arrives from the field whose blur made it,
 *   after the browser selected the input's still empty text), the text is selected at once;
 * - filled earlier, a tap or click into it selects it (issue 31: a touch screen puts the caret where the finger
 *   lands, and "1200" typed after "1200" made "12001200"). The mouseup that follows would collapse that
 *   selection, so that one mouseup's default is cancelled.
 * Returns the input's ref, its onFocus and onMouseUp handlers, and `typed`, to be called with every value the
 * input itself reports. Values the operator typed, and the values the screen opened with, are left as they are.
 */
export function useSelectOnFill<E extends HTMLInputElement>(text: string) {
  const ref = useRef<E>(null);
  const own = useRef(text);
  const filled = useRef(false);
  const selectedOnFocus = useRef(false);
  useLayoutEffect(() => {
    const input = ref.current;
    if (text === own.current) return;
    own.current = text;
    filled.current = text !== '';
    if (filled.current && input && input === input.ownerDocument.activeElement) input.select();
  }, [text]);
  const typed = useCallback((next: string) => {
    own.current = next;
    filled.current = false;
  }, []);
  const onFocus = useCallback((event: FocusEvent<E>) => {
    if (!filled.current) return;
    event.currentTarget.select();
    selectedOnFocus.current = true;
  }, []);
  // A focus by keyboard leaves the flag set: the next click's mouseup in this input is then a no-op to cancel.
  const onMouseUp = useCallback((event: MouseEvent<E>) => {
    if (!selectedOnFocus.current) return;
    selectedOnFocus.current = false;
    event.preventDefault();
  }, []);
  return { ref, typed, onFocus, onMouseUp };
}
