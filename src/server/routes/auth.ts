import type { FastifyInstance } from 'fastify';
import { accountAnswer } from '../auth/account';
import { ACCOUNT_DISABLED } from '../auth/authenticate';
import { decoyHash, MAX_PASSWORD_LENGTH, verifyPassword } from '../auth/passwords';
import { bodyOf } from '../http/body';
import { installStrictJsonParser } from '../http/json-body';
import { HttpError } from '../http/errors';
import type { RouteContext } from './context';

/** Does not say which of the two was wrong, so it does not tell whether an e-mail has an account. */
const LOGIN_FAILED = 'Invalid email or password.';

export const SIGNED_OUT = 'Signed out.';

/**
 * `POST /api/auth/logout` (signed in): revokes the token it comes with; other sessions stay signed in. Its body
 * is not read, so an empty one sent as JSON signs out too (refusing it left the token working).
 */
export function signOutRoute(api: FastifyInstance, { storage }: RouteContext): void {
  void api.register(async (scope) => {
    installStrictJsonParser(scope, { emptyIsNoBody: true });
    scope.post('/api/auth/logout', { config: { publicRoute: 'sign-out' } }, async (request) => {
      const claims = request.tokenClaims;
      if (claims?.tokenId) await storage.revokedTokens.revoke(claims.tokenId, claims.expiresAt);
      return { msg: SIGNED_OUT };
    });
  });
}

/**
 * `POST /api/auth/login {email, password}` -> `{authToken, account}`: the one route without a token. `account`
 * (auth/account.ts) tells the app the role, units and actions, and whether the password must be changed first.
 */
export function authRoutes(app: FastifyInstance, { storage, roles, tokens, throttle, passwordChecks, passwordCost }: RouteContext): void {
  app.post('/api/auth/login', { config: { publicRoute: 'sign-in' } }, async (request) => {
    const body = bodyOf(request);
    const email = typeof body.email === 'string' ? body.email : '';
    const password = typeof body.password === 'string' ? body.password.slice(0, MAX_PASSWORD_LENGTH) : '';
    return passwordChecks.admit(async (inTurn) => {
      // Reserved before the password is checked: a refused guess learns nothing and costs no hashing.
      const attempt = await throttle.reserve(email, request.ip);
      const operator = email.trim() ? await storage.operators.byEmail(email) : undefined;
      // The hash is checked even for an unknown e-mail, so both failures take the same time.
      const passwordOk = await inTurn(async () =>
        verifyPassword(password, operator?.passwordHash ?? (await decoyHash(passwordCost))),
      );
      if (!operator || !passwordOk || !password) throw new HttpError(401, LOGIN_FAILED);
      await attempt.succeeded();
      // Said only to the one who knows the password, so it tells a guesser nothing.
      if (operator.disabled) throw new HttpError(401, ACCOUNT_DISABLED);
      return { authToken: await tokens.issue(operator), account: accountAnswer(operator, roles) };
    });
  });
}
