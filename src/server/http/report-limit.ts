import type { preHandlerAsyncHookHandler } from 'fastify';
import { operatorOf } from '../auth/authenticate';
import { HttpError } from './errors';
import { operatorSlots } from './operator-slots';

/**
 * Reports (sales register in every format, sales by month, GSTR-1) and a client's bills one operator may have
 * under way at once. Three: the Reports screen loads its register and its month's GSTR-3B together, and a download
 * pressed meanwhile (GSTR-1, Tally) must not be refused.
 */
export const REPORTS_PER_OPERATOR = 3;

/**
 * A route's preHandler that holds one of the operator's report slots until the answer is sent in full or the
 * client goes away (a streamed register holds it while it streams): five year-long registers asked for at once
 * run two at a time per operator, and the rest are answered 429 at once, so other calls keep their turn.
 */
export function perOperatorReports(limit: number = REPORTS_PER_OPERATOR): preHandlerAsyncHookHandler {
  const slots = operatorSlots(limit);
  return async (request, reply) => {
    const release = slots.take(operatorOf(request).email);
    if (!release) {
      throw new HttpError(
        429,
        `You already have ${limit} reports being made; please wait for them to finish and try again.`,
        { 'Retry-After': '2' },
      );
    }
    reply.raw.once('close', release);
    reply.raw.once('finish', release);
  };
}
