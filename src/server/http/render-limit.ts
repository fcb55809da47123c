import type { BillType } from '../../engine/core';
import type { PrintOptions } from '../../pdf';
import { HttpError } from './errors';
import { operatorSlots } from './operator-slots';
import type { PdfRenderer } from './pdf-reply';

/** Renders one operator may have under way at once (saves and PDF views together). */
export const RENDERS_PER_OPERATOR = 3;

/** A PDF render on behalf of a signed-in operator (the e-mail they signed in with). */
export type OperatorRenderer = (
  billType: BillType,
  bill: Record<string, unknown>,
  operator: string,
  options?: PrintOptions,
) => Promise<Buffer>;

/**
 * Bounds what one signed-in client can make the server render at once: past `limit` renders under
 * way for the same operator, the next is answered 429 at once instead of queueing behind them, so one
 * operator's burst of large PDFs cannot take every worker (and their memory) from the others.
 */
export function perOperatorRenders(render: PdfRenderer, limit: number = RENDERS_PER_OPERATOR): OperatorRenderer {
  const slots = operatorSlots(limit);
  return async (billType, bill, operator, options) => {
    const release = slots.take(operator);
    if (!release) {
      throw new HttpError(
        429,
        `You already have ${limit} PDFs being made; please wait for them to finish and try again.`,
        { 'Retry-After': '2' },
      );
    }
    try {
      return await render(billType, bill, options);
    } finally {
      release();
    }
  };
}
