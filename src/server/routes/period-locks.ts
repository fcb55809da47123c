import type { FastifyInstance } from 'fastify';
import { needsOnUnit } from '../auth/access';
import { isIsoDay, isMonthEnd } from '../../engine/core';
import { operatorOf } from '../auth/authenticate';
import { bodyOf } from '../http/body';
import { badRequest, HttpError } from '../http/errors';
import type { RouteContext } from './context';

/**
 * `/api/{unit}/lockperiod { upto, password? }` and `/api/{unit}/getlock` (issue 27): the month up to which
 * the unit's GSTR-1 is filed. Sales bills dated on or before it are neither created, changed nor deleted
 * (storage refuses them with 409). Moving it forward is free; moving it back (or clearing it with `upto: ""`)
 * needs the operator's password, checked as sign-in checks one (auth/lock-password.ts: throttled, audited); every
 * move is audited.
 */
export function periodLockRoutes(app: FastifyInstance, { registry, storage, lockPassword }: RouteContext): void {
  for (const unit of registry.units) {
    app.post(`/api/${unit.slug}/getlock`, needsOnUnit('locks.read', unit.slug), async () => ({ upto: (await storage.periodLocks.upTo(unit.slug)) || null }));

    app.post(`/api/${unit.slug}/lockperiod`, needsOnUnit('locks.write', unit.slug), async (request) => {
      const body = bodyOf(request);
      const upto = filedDayFrom(body.upto);
      const operator = operatorOf(request);
      const current = await storage.periodLocks.upTo(unit.slug);
      if (upto === current) return { msg: filedUpToText(upto) };
      if (upto < current) {
        const password = body.password;
        if (typeof password !== 'string' || password === '') {
          throw new HttpError(403, `GSTR-1 is marked filed up to ${current}; moving it back needs your password.`);
        }
        await lockPassword.check(operator, password, request.ip, { unit: unit.slug, upto });
      }
      await storage.periodLocks.set(unit.slug, upto, operator.email);
      return { msg: filedUpToText(upto) };
    });
  }
}

/** `upto`: the last day of a month, or '' (or null) for none. */
function filedDayFrom(value: unknown): string {
  if (value === null || value === '') return '';
  if (isIsoDay(value) && isMonthEnd(value)) return value;
  throw badRequest('Please provide upto: the last day of the filed month, written YYYY-MM-DD (e.g. 2026-11-30).');
}

function filedUpToText(upto: string): string {
  return upto === '' ? 'No month is marked as filed.' : `GSTR-1 marked as filed up to ${upto}.`;
}
