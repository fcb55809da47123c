import { HttpError } from '../http/errors';
import type { Operator } from '../storage';
import type { AuditStore } from '../storage/audit';
import type { SignInFailureStore } from '../storage/sign-in-failures';
import { PASSWORD_CHECKS_BUSY, type PasswordCheckGate } from './password-check-gate';
import { MAX_PASSWORD_LENGTH, verifyPassword } from './passwords';
import { attemptThrottle, type ThrottleLimit } from './sign-in-throttle';

/**
 * The same allowance as sign-in's: ten wrong passwords a minute per operator (wherever they come from: a stolen
 * token is used from anywhere), thirty per client address.
 */
export const LOCK_PASSWORD_LIMIT: ThrottleLimit = { failures: 10, perAddress: 30, windowMs: 60_000 };

export const TOO_MANY_LOCK_GUESSES = 'Too many wrong passwords. Please wait a minute and try again.';
export const WRONG_PASSWORD = 'The password is not correct.';

/** The filed month a password check was for. */
export interface LockMove {
  unit: string;
  upto: string;
}

/**
 * The operator's password, asked again to move a unit's filed month back (routes/period-locks.ts). A signed-in
 * session can otherwise guess it as fast as the server hashes, and the hashing is what every request's token check
 * waits behind (libuv's pool). So each check goes through sign-in's mechanism with keys of its own: a turn of the
 * server's one password-check gate, a reservation in the attempt table (atomic, shared by every server), and an
 * audit row saying whether it was right.
 */
export function lockPasswordCheck(store: SignInFailureStore, gate: PasswordCheckGate, audit: AuditStore, limit: ThrottleLimit = LOCK_PASSWORD_LIMIT) {
  const throttle = attemptThrottle(store, limit.windowMs, TOO_MANY_LOCK_GUESSES);

  return {
    /** Resolves when `password` is the operator's; throws 403 when it is not, 429 while too many were wrong. */
    check(operator: Operator, password: string, address: string, move: LockMove): Promise<void> {
      return gate.admit(async (inTurn) => {
        const attempt = await throttle.reserve(
          { key: `lock password\noperator\n${operator.id}`, limit: limit.failures },
          { key: `lock password\naddress\n${address}`, limit: limit.perAddress },
        );
        const right = await inTurn(() => verifyPassword(password.slice(0, MAX_PASSWORD_LENGTH), operator.passwordHash));
        const key = { unit: move.unit, type: 'filed-period', billno: 0 };
        await audit.record('lock-password', operator.email, key, null, { upto: move.upto, password: right ? 'right' : 'wrong' });
        if (!right) throw new HttpError(403, WRONG_PASSWORD);
        await attempt.succeeded();
      }, PASSWORD_CHECKS_BUSY);
    },
  };
}

export type LockPasswordCheck = ReturnType<typeof lockPasswordCheck>;
