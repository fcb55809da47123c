import type { FastifyInstance } from 'fastify';
import { needs } from '../auth/access';
import { operatorOf } from '../auth/authenticate';
import { emailFrom, roleFrom, unitsFrom } from '../auth/operator-input';
import { hashPassword, passwordProblem, type HashCost } from '../auth/passwords';
import { bodyOf, optionalBoolean, type Body } from '../http/body';
import { badRequest, HttpError, notFound } from '../http/errors';
import { OperatorChangeRefused, type AccessChange } from '../storage/operators';
import type { RouteContext } from './context';

/** A first or reset password: checked like any, and to be changed by its holder at the next sign-in. */
async function givenPasswordHash(body: Body, cost: HashCost): Promise<string> {
  const password = typeof body.password === 'string' ? body.password : '';
  const problem = passwordProblem(password);
  if (problem) throw badRequest(problem);
  return hashPassword(password, cost);
}

function refusedAsAnswer(error: unknown): never {
  if (error instanceof OperatorChangeRefused) throw error.reason === 'not-found' ? notFound(error.message) : new HttpError(409, error.message);
  throw error;
}

/**
 * The Operators screen's calls (issue 45), `operators.manage` only: `getoperators` (with the roles and units to
 * choose from), `addoperator {email, role, units, password}`, `updateoperator {email, role?, units?, disabled?}`
 * and `resetoperatorpassword {email, password}`. Each change is audited; the last enabled owner stays one.
 */
export function operatorRoutes(app: FastifyInstance, { registry, roles, storage, passwordCost }: RouteContext): void {
  const manage = needs('operators.manage');

  app.post('/api/common/getoperators', manage, async () => ({
    operators: await storage.operators.list(),
    roles: [...roles.roles.values()].map(({ name, label, description }) => ({ name, label, description })),
    units: registry.units.map((unit) => ({ slug: unit.slug, label: unit.menuLabel })),
  }));

  app.post('/api/common/addoperator', manage, async (request) => {
    const body = bodyOf(request);
    const email = emailFrom(body.email);
    const access = { role: roleFrom(roles, body.role), units: unitsFrom(registry, body.units ?? null), mustChangePassword: true };
    const added = await storage.operators.add(email, await givenPasswordHash(body, passwordCost), access, operatorOf(request).email);
    if (!added) throw new HttpError(409, `${email} is already an operator.`);
    return { msg: `Added ${email}; they choose their own password at first sign-in.` };
  });

  app.post('/api/common/updateoperator', manage, async (request) => {
    const body = bodyOf(request);
    const email = emailFrom(body.email);
    const change: AccessChange = {};
    if (body.role !== undefined) change.role = roleFrom(roles, body.role);
    if (body.units !== undefined) change.units = unitsFrom(registry, body.units);
    const disabled = optionalBoolean(body, 'disabled');
    if (disabled !== undefined) change.disabled = disabled;
    if (Object.keys(change).length === 0) throw badRequest('Please provide what to change: role, units or disabled.');
    await storage.operators.changeAccess(email, change, operatorOf(request).email).catch(refusedAsAnswer);
    return { msg: `The operator ${email} has been changed.` };
  });

  app.post('/api/common/resetoperatorpassword', manage, async (request) => {
    const body = bodyOf(request);
    const email = emailFrom(body.email);
    const hash = await givenPasswordHash(body, passwordCost);
    if (!(await storage.operators.setPassword(email, hash, true, operatorOf(request).email))) throw notFound(`${email} is not an operator.`);
    return { msg: `The password of ${email} has been reset; they choose their own at next sign-in.` };
  });
}
