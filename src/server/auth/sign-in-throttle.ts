import { createHash } from 'node:crypto';
import { HttpError } from '../http/errors';
import { normalizeEmail } from '../storage/operators';
import type { SignInFailureStore } from '../storage/sign-in-failures';

export interface ThrottleLimit {
  failures: number;
  windowMs: number;
}

/** About ten wrong passwords a minute: plenty for a person who mistypes, far too few to guess one. */
export const SIGN_IN_LIMIT: ThrottleLimit = { failures: 10, windowMs: 60_000 };

export const TOO_MANY_FAILURES = 'Too many failed sign-ins. Please wait a minute and try again.';

/**
 * Limits failed sign-ins per e-mail and client address. The count lives in the database, not in the
 * server's memory, so several servers behind a load balancer (PostgreSQL) share it and a restart does
 * not reset it. The key is a hash: the table holds neither e-mails nor addresses.
 */
export function signInThrottle(store: SignInFailureStore, limit: ThrottleLimit = SIGN_IN_LIMIT) {
  const keyOf = (email: string, address: string) =>
    createHash('sha256')
      .update(`${normalizeEmail(email)}\n${address}`)
      .digest('base64url');
  const windowStart = (now: number) => new Date(now - limit.windowMs).toISOString();

  return {
    /** Throws 429 (with Retry-After) while the key is over the limit; checked before the password is. */
    async check(email: string, address: string): Promise<void> {
      const now = Date.now();
      const recent = await store.since(keyOf(email, address), windowStart(now));
      if (recent.count < limit.failures) return;
      const freeAt = Date.parse(recent.oldest ?? '') + limit.windowMs;
      const seconds = Math.max(1, Math.ceil(((Number.isFinite(freeAt) ? freeAt : now + limit.windowMs) - now) / 1000));
      throw new HttpError(429, TOO_MANY_FAILURES, { 'Retry-After': String(seconds) });
    },

    failed: (email: string, address: string) => {
      const now = Date.now();
      return store.add(keyOf(email, address), new Date(now).toISOString(), windowStart(now));
    },

    succeeded: (email: string, address: string) => store.clear(keyOf(email, address)),
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;
