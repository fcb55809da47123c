import { HttpError } from '../http/errors';

export interface PasswordCheckLimit {
  /** Password hashes computed at once. scrypt runs on libuv's thread pool (4 threads unless configured). */
  concurrent: number;
  /** Password checks (sign-ins, the period lock's) that may wait for a turn; more are refused at once. */
  queued: number;
}

/**
 * Two hashes at a time leave two of libuv's four threads to the work every signed-in request needs (token
 * signatures are WebCrypto jobs on the same pool, so are file reads); eight waiting is a few hundred ms.
 */
export const PASSWORD_CHECK_LIMIT: PasswordCheckLimit = { concurrent: 2, queued: 8 };

export const SIGN_IN_BUSY = 'The server is busy with other sign-ins. Please try again in a moment.';
export const PASSWORD_CHECKS_BUSY = 'The server is busy checking other passwords. Please try again in a moment.';

/** Runs `check` in one of the hashing turns. */
export type InTurn = <T>(check: () => Promise<T>) => Promise<T>;

/**
 * Bounds what unauthenticated clients can make the server compute: a sign-in is admitted only while fewer
 * than `concurrent + queued` are in progress (else 429 at once, without hashing or waiting), and its
 * password hash runs in one of `concurrent` turns. A flood of sign-ins therefore costs at most
 * `concurrent` threads, and its excess is answered in microseconds. One gate serves every password check of the
 * server (sign-in, the period lock's), since they all hash on the same threads.
 */
export function passwordCheckGate(limit: PasswordCheckLimit = PASSWORD_CHECK_LIMIT) {
  let admitted = 0;
  let running = 0;
  const waiting: (() => void)[] = [];

  const inTurn: InTurn = async (check) => {
    if (running >= limit.concurrent) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await check();
    } finally {
      // The turn passes straight to the next in line (running stays), or is given back.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };

  return {
    /** Admits a sign-in (or another password check) or throws 429 with `busy`; `signIn` gets `inTurn` to run its check with. */
    async admit<T>(signIn: (inTurn: InTurn) => Promise<T>, busy = SIGN_IN_BUSY): Promise<T> {
      if (admitted >= limit.concurrent + limit.queued) throw new HttpError(429, busy, { 'Retry-After': '1' });
      admitted++;
      try {
        return await signIn(inTurn);
      } finally {
        admitted--;
      }
    },
  };
}

export type PasswordCheckGate = ReturnType<typeof passwordCheckGate>;
