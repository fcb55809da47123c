import type { FastifyInstance } from 'fastify';
import { accountAnswer } from '../auth/account';
import { needs } from '../auth/access';
import { operatorOf } from '../auth/authenticate';
import { PASSWORD_CHECKS_BUSY } from '../auth/password-check-gate';
import { hashPassword, MAX_PASSWORD_LENGTH, passwordProblem, verifyPassword } from '../auth/passwords';
import { bodyOf } from '../http/body';
import { badRequest, HttpError } from '../http/errors';
import type { RouteContext } from './context';

const WRONG_PASSWORD = 'Your current password is not right.';

/**
 * The signed-in operator's own account (issue 45): `POST /api/auth/me` -> `{account}`, and
 * `POST /api/auth/changepassword {password, newpassword}` -> `{msg, authToken, account}`. A password set by an owner
 * must be changed before any other call; the new one ends every older session, so a fresh token is answered.
 */
export function accountRoutes(app: FastifyInstance, { storage, roles, tokens, passwordChecks, passwordCost }: RouteContext): void {
  app.post('/api/auth/me', needs('account.read'), async (request) => ({ account: accountAnswer(operatorOf(request), roles) }));

  app.post('/api/auth/changepassword', needs('account.password'), async (request) => {
    const operator = operatorOf(request);
    const body = bodyOf(request);
    const current = typeof body.password === 'string' ? body.password.slice(0, MAX_PASSWORD_LENGTH) : '';
    const chosen = typeof body.newpassword === 'string' ? body.newpassword : '';
    const problem = passwordProblem(chosen);
    if (problem) throw badRequest(problem);
    const [currentOk, unchanged] = await passwordChecks.admit((inTurn) =>
      inTurn(() => Promise.all([verifyPassword(current, operator.passwordHash), verifyPassword(chosen, operator.passwordHash)])),
      PASSWORD_CHECKS_BUSY,
    );
    if (!current || !currentOk) throw new HttpError(403, WRONG_PASSWORD);
    if (unchanged) throw badRequest('Please choose a new password, not the one you have.');
    await storage.operators.setPassword(operator.email, await hashPassword(chosen, passwordCost));
    const changed = (await storage.operators.byId(operator.id))!;
    return { msg: 'Your password has been changed.', authToken: await tokens.issue(changed), account: accountAnswer(changed, roles) };
  });
}
