/** The client name on which tests/api/crashing-pdf-worker.ts dies (in a module of its own: importing the worker runs it). */
export const CRASHING_CLIENT = 'Crashing Worker Traders';
