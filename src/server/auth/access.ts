import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Registry } from '../../engine/core';
import { HttpError } from '../http/errors';
import { operatorOf } from './authenticate';
import { ACCOUNT_ACTIONS, type Roles } from './roles';

/**
 * What a route needs (issue 45): the action of roles.json, and what names the unit the call is about when the
 * unit limits of an operator apply (a unit known when the route is made, or the bill type a body field names).
 */
export interface RouteAccess {
  action: string;
  unit?: string;
  billTypeField?: string;
  /** A body field that names the unit itself (the stock calls' `unit`); absent, the call is about every unit the operator has. */
  unitField?: string;
  /**
   * A narrower action that is enough for some calls (an operator deletes bills dated today only): when the role
   * lacks `action` but holds this one, `refusal` says why this call is not one of those, or undefined when it is.
   */
  narrower?: { action: string; refusal(request: FastifyRequest): Promise<string | undefined> };
}

/** Why a route is open without an action: the explicit exceptions to the check. */
export type PublicRoute = 'sign-in' | 'sign-out' | 'static file';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    publicRoute?: PublicRoute;
  }
}

/** A route's options naming the action it needs: `app.post(path, needs('bills.read'), handler)`. */
export function needs(action: string, more: Omit<RouteAccess, 'action'> = {}): { config: { access: RouteAccess } } {
  return { config: { access: { action, ...more } } };
}

/** The options of a call on one unit's route (`/api/{unit}/...`). */
export const needsOnUnit = (action: string, unit: string) => needs(action, { unit });

/** The options of a call that names its bill type in `billtype`, whose unit the limits apply to. */
export const needsOnBillType = (action: string, more: Omit<RouteAccess, 'action' | 'billTypeField'> = {}) =>
  needs(action, { billTypeField: 'billtype', ...more });

const forbidden = (msg: string) => new HttpError(403, msg);

export const MUST_CHANGE_PASSWORD = 'Please change your password first: it was set by an owner and is to be replaced at first sign-in.';

function unitOfCall(access: RouteAccess, request: FastifyRequest, registry: Registry): string | undefined {
  if (access.unit) return access.unit;
  const body = request.body as Record<string, unknown> | undefined;
  if (access.unitField) return typeof body?.[access.unitField] === 'string' ? (body[access.unitField] as string) : undefined;
  if (!access.billTypeField) return undefined;
  const named = body?.[access.billTypeField];
  // A missing or unknown bill type is the handler's 400 to give.
  return typeof named === 'string' ? registry.byType(named)?.unit : undefined;
}

/**
 * The one check before every signed-in route's handler (a preHandler, so the body is parsed): the operator's
 * role holds the route's action, the call's unit is one of theirs, and a must-change password is changed first.
 * The operator is read fresh on every call (authenticate), so a change of role applies at once.
 */
export function checkAccess(roles: Roles, registry: Registry) {
  return async (request: FastifyRequest): Promise<void> => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    const operator = operatorOf(request);
    if (operator.mustChangePassword && !(ACCOUNT_ACTIONS as readonly string[]).includes(access.action)) throw forbidden(MUST_CHANGE_PASSWORD);
    const role = roles.roles.get(operator.role);
    if (!role) throw forbidden(`Your role (${operator.role}) is not one of schemas/roles.json; ask an owner to give you another.`);
    if (!role.actions.has(access.action)) {
      const narrower = access.narrower;
      if (!narrower || !role.actions.has(narrower.action))
        throw forbidden(`Your role (${role.name}) may not ${roles.actions.get(access.action)}.`);
      const refusal = await narrower.refusal(request);
      if (refusal) throw forbidden(`Your role (${role.name}) may only ${roles.actions.get(narrower.action)}: ${refusal}`);
    }
    const unit = unitOfCall(access, request, registry);
    if (unit) refuseOtherUnit(request, registry, unit);
  };
}

/**
 * The unit limit, for a handler that learns the call's unit only from what it reads (a send named by its id): 403
 * when the signed-in operator is limited to other units.
 */
export function refuseOtherUnit(request: FastifyRequest, registry: Registry, unit: string): void {
  const operator = operatorOf(request);
  if (!operator.units || operator.units.includes(unit)) return;
  const label = registry.units.find((u) => u.slug === unit)?.menuLabel ?? unit;
  throw forbidden(`Your account may not work on ${label}; it is limited to ${operator.units.join(', ') || 'no unit'}.`);
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access?: RouteAccess;
  publicRoute?: PublicRoute;
}

/**
 * Records every route as it is added, and refuses to start a server with an API route that declares neither an
 * action of roles.json nor why it is public: a new route cannot skip the check. `staticFiles()` marks what is
 * added next as the web app's files.
 */
export function routeAccessTable(app: FastifyInstance, roles: Roles) {
  const routes: RouteAccessEntry[] = [];
  let addingStaticFiles = false;
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as { access?: RouteAccess; publicRoute?: PublicRoute };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const publicRoute = config.publicRoute ?? (addingStaticFiles ? 'static file' : undefined);
    const where = `${methods.join(',')} ${route.url}`;
    if (!config.access && !publicRoute) throw new Error(`${where} declares no action (route config access): every route needs one.`);
    for (const action of [config.access?.action, config.access?.narrower?.action]) {
      if (action !== undefined && !roles.actions.has(action)) throw new Error(`${where} needs action "${action}", which schemas/roles.json does not declare.`);
    }
    for (const method of methods) routes.push({ method, url: route.url, access: config.access, publicRoute });
  });
  return {
    routes: routes as readonly RouteAccessEntry[],
    staticFiles: () => {
      addingStaticFiles = true;
    },
  };
}
