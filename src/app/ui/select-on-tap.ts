import type { FocusEvent, MouseEvent } from 'react';

/**
 * Spread on an input of a short figure the screen fills in (a payment's amount, a bill's share): focus by tap,
 * click or Tab selects the whole value, so what the operator types replaces it instead of being appended
 * (issue 31 item 4; a touch screen puts the caret where the finger lands). The mouseup after the focus would
 * collapse that selection, so its default is cancelled; a caret placed by mousedown stays where it was put.
 */
export const selectOnTap = {
  onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
  onMouseUp: (event: MouseEvent<HTMLInputElement>) => event.preventDefault(),
};
