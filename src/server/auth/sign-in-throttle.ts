import { createHash } from 'node:crypto';
import { HttpError } from '../http/errors';
import { normalizeEmail } from '../storage/operators';
import type { SignInFailureStore } from '../storage/sign-in-failures';

export interface ThrottleLimit {
  /** Password checks per e-mail and client address in the window (failed ones, and ones still running). */
  failures: number;
  /** Failed password checks per client address in the window, whatever the e-mails (random ones, say). */
  perAddress: number;
  windowMs: number;
}

/**
 * About ten wrong passwords a minute per account: plenty for a person who mistypes, far too few to guess one.
 * Thirty per address: an office behind one address signs in freely, a script trying e-mails is stopped.
 */
export const SIGN_IN_LIMIT: ThrottleLimit = { failures: 10, perAddress: 30, windowMs: 60_000 };

export const TOO_MANY_FAILURES = 'Too many failed sign-ins. Please wait a minute and try again.';

/** What a sign-in does once its password check succeeded. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
}

const hashed = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * Limits password checks per e-mail and client address, and per address. Each check is reserved in the
 * database before the password is hashed (one atomic statement), so a hundred guesses sent at once get ten
 * checks, not a hundred; a success forgets the account's attempts. The counts live in the database, not
 * in the server's memory, so several servers behind a load balancer (PostgreSQL) share them and a restart
 * does not reset them. Keys are hashes: the table holds neither e-mails nor addresses.
 */
export function signInThrottle(store: SignInFailureStore, limit: ThrottleLimit = SIGN_IN_LIMIT) {
  const accountKey = (email: string, address: string) => hashed(`${normalizeEmail(email)}\n${address}`);
  const addressKey = (address: string) => hashed(`address\n${address}`);

  return {
    /** Reserves one password check, or throws 429 (with Retry-After) while a limit is reached. */
    async reserve(email: string, address: string): Promise<SignInAttempt> {
      const now = Date.now();
      const account = accountKey(email, address);
      const reservation = await store.reserve(
        [
          { key: account, limit: limit.failures },
          { key: addressKey(address), limit: limit.perAddress },
        ],
        new Date(now).toISOString(),
        new Date(now - limit.windowMs).toISOString(),
      );
      if (!reservation.reserved) {
        const freeAt = Date.parse(reservation.oldest ?? '') + limit.windowMs;
        const seconds = Math.max(
          1,
          Math.ceil(((Number.isFinite(freeAt) ? freeAt : now + limit.windowMs) - now) / 1000),
        );
        throw new HttpError(429, TOO_MANY_FAILURES, { 'Retry-After': String(seconds) });
      }
      // The account's failures are forgotten, and this check no longer counts against the address.
      return { succeeded: () => store.forget(account, reservation.ids) };
    },
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;
