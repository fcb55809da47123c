import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Selects the text that the program fills into a focused input (a saved service's HSN, an amount taken
 * from its rate), so what the operator types next replaces it. The fill is rendered as the focus arrives
 * from the field whose blur made it, after the browser selected the input's text (still empty then): left
 * alone, the caret sits after the filled value and typing appends to it ("1200" + "1200" = "12001200").
 * Returns the input's ref and `typed`, to be called with every value the input itself reports.
 */
export function useSelectOnFill<E extends HTMLInputElement>(text: string) {
  const ref = useRef<E>(null);
  const own = useRef(text);
  useLayoutEffect(() => {
    const input = ref.current;
    const filled = text !== own.current && text !== '';
    own.current = text;
    if (filled && input && input === input.ownerDocument.activeElement) input.select();
  }, [text]);
  const typed = useCallback((next: string) => {
    own.current = next;
  }, []);
  return { ref, typed };
}
