import type { BillType } from '../../engine/core';
import type { DocumentJob, PrintOptions } from '../../pdf';
import { HttpError } from './errors';
import { operatorSlots } from './operator-slots';
import type { DocumentRenderer, PdfRenderer } from './pdf-reply';

/** Renders one operator may have under way at once (saves, PDF views, receipts and statements together). */
export const RENDERS_PER_OPERATOR = 3;

/** A PDF render on behalf of a signed-in operator (the e-mail they signed in with). */
export type OperatorRenderer = (
  billType: BillType,
  bill: Record<string, unknown>,
  operator: string,
  options?: PrintOptions,
) => Promise<Buffer>;

/** A receipt's or a statement's render on behalf of a signed-in operator. */
export type OperatorDocumentRenderer = (job: DocumentJob, operator: string) => Promise<Buffer>;

export interface OperatorRenderers {
  bill: OperatorRenderer;
  document: OperatorDocumentRenderer;
}

/**
 * Bounds what one signed-in client can make the server render at once: past `limit` renders under
 * way for the same operator (bills, receipts and statements counted together), the next is answered 429 at
 * once instead of queueing behind them, so one operator's burst of large PDFs cannot take every worker (and
 * their memory) from the others.
 */
export function perOperatorRenders(
  renderers: { bill: PdfRenderer; document: DocumentRenderer },
  limit: number = RENDERS_PER_OPERATOR,
): OperatorRenderers {
  const slots = operatorSlots(limit);
  async function withSlot(operator: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const release = slots.take(operator);
    if (!release) {
      throw new HttpError(
        429,
        `You already have ${limit} PDFs being made; please wait for them to finish and try again.`,
        { 'Retry-After': '2' },
      );
    }
    try {
      return await render();
    } finally {
      release();
    }
  }
  return {
    bill: (billType, bill, operator, options) => withSlot(operator, () => renderers.bill(billType, bill, options)),
    document: (job, operator) => withSlot(operator, () => renderers.document(job)),
  };
}
