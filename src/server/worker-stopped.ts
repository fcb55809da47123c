/**
 * A worker thread (a PDF render's, a report query's) died under its task or could not start: the request it was
 * doing answers 503 with this message (the next one gets a fresh worker), and the cause is logged for the operator.
 */
export class WorkerStopped extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
  }
}
