import { createHash } from 'node:crypto';
import { HttpError } from '../http/errors';
import { normalizeEmail } from '../storage/operators';
import type { SignInFailureStore } from '../storage/sign-in-failures';

export interface ThrottleLimit {
  /**
   * Password checks per account in the window (failed ones, and ones still running): for sign-in an e-mail and
   * client address, for the period lock an operator.
   */
  failures: number;
  /** Failed password checks per client address in the window, whatever the accounts (random e-mails, say). */
  perAddress: number;
  windowMs: number;
}

/**
 * About ten wrong passwords a minute per account: plenty for a person who mistypes, far too few to guess one.
 * Thirty per address: an office behind one address signs in freely, a script trying e-mails is stopped.
 */
export const SIGN_IN_LIMIT: ThrottleLimit = { failures: 10, perAddress: 30, windowMs: 60_000 };

export const TOO_MANY_FAILURES = 'Too many failed sign-ins. Please wait a minute and try again.';

/** What a password check does once it succeeded. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
}

const hashed = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * The mechanism every password throttle shares (sign-in's, the period lock's): each check is reserved in the
 * database before the password is hashed (one atomic statement), so a hundred guesses sent at once get ten
 * checks, not a hundred; a success forgets the account's attempts. The counts live in the database, not
 * in the server's memory, so several servers behind a load balancer (PostgreSQL) share them and a restart
 * does not reset them. Keys are hashes: the table holds neither e-mails nor addresses. Each throttle names its
 * keys with its own prefix, so its counts never mix with another's.
 */
export function attemptThrottle(store: SignInFailureStore, windowMs: number, tooMany: string) {
  return {
    /**
     * Reserves one password check under `account` and `address` (raw texts, hashed here), or throws 429 with
     * Retry-After while either has its limit inside the window.
     */
    async reserve(account: { key: string; limit: number }, address: { key: string; limit: number }): Promise<SignInAttempt> {
      const now = Date.now();
      const accountKey = hashed(account.key);
      const reservation = await store.reserve(
        [
          { key: accountKey, limit: account.limit },
          { key: hashed(address.key), limit: address.limit },
        ],
        new Date(now).toISOString(),
        new Date(now - windowMs).toISOString(),
      );
      if (!reservation.reserved) {
        const freeAt = Date.parse(reservation.oldest ?? '') + windowMs;
        const seconds = Math.max(1, Math.ceil(((Number.isFinite(freeAt) ? freeAt : now + windowMs) - now) / 1000));
        throw new HttpError(429, tooMany, { 'Retry-After': String(seconds) });
      }
      // The account's failures are forgotten, and this check no longer counts against the address.
      return { succeeded: () => store.forget(accountKey, reservation.ids) };
    },
  };
}

/** Limits sign-in's password checks per e-mail and client address, and per address (attemptThrottle). */
export function signInThrottle(store: SignInFailureStore, limit: ThrottleLimit = SIGN_IN_LIMIT) {
  const throttle = attemptThrottle(store, limit.windowMs, TOO_MANY_FAILURES);
  return {
    /** Reserves one password check, or throws 429 (with Retry-After) while a limit is reached. */
    reserve: (email: string, address: string): Promise<SignInAttempt> =>
      throttle.reserve(
        { key: `${normalizeEmail(email)}\n${address}`, limit: limit.failures },
        { key: `address\n${address}`, limit: limit.perAddress },
      ),
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;
