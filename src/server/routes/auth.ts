import type { FastifyInstance } from 'fastify';
import { decoyHash, verifyPassword } from '../auth/passwords';
import { bodyOf } from '../http/body';
import { HttpError } from '../http/errors';
import type { RouteContext } from './context';

/** Does not say which of the two was wrong, so it does not tell whether an e-mail has an account. */
const LOGIN_FAILED = 'Invalid email or password.';
const MAX_PASSWORD_LENGTH = 1024;

/** `POST /api/auth/login {email, password}` -> `{authToken}`: the one route without a token. */
export function authRoutes(app: FastifyInstance, { storage, tokens, throttle }: RouteContext): void {
  app.post('/api/auth/login', async (request) => {
    const body = bodyOf(request);
    const email = typeof body.email === 'string' ? body.email : '';
    const password = typeof body.password === 'string' ? body.password.slice(0, MAX_PASSWORD_LENGTH) : '';
    // Refused before the password is checked: a throttled guess learns nothing and costs no hashing.
    await throttle.check(email, request.ip);
    const operator = email.trim() ? await storage.operators.byEmail(email) : undefined;
    // The hash is checked even for an unknown e-mail, so both failures take the same time.
    const passwordOk = await verifyPassword(password, operator?.passwordHash ?? (await decoyHash()));
    if (!operator || !passwordOk || !password) {
      await throttle.failed(email, request.ip);
      throw new HttpError(401, LOGIN_FAILED);
    }
    await throttle.succeeded(email, request.ip);
    return { authToken: await tokens.issue(operator) };
  });
}
