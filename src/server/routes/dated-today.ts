import type { FastifyRequest } from 'fastify';
import { localIsoDay, type Registry } from '../../engine/core';
import type { RouteAccess } from '../auth/access';
import type { Body } from '../http/body';
import type { Storage } from '../storage';
import { billRefFrom } from './bill-ref';

/**
 * `bills.deleteToday`: enough to delete or cancel a bill dated today (a mistake put right the day it was made);
 * an older bill is in the books, and only a role with `bills.delete` takes it out. A call whose bill cannot be
 * read is let through, for the handler's own 400 or 404.
 */
export function datedToday(registry: Registry, storage: Storage): NonNullable<RouteAccess['narrower']> {
  return {
    action: 'bills.deleteToday',
    async refusal(request: FastifyRequest) {
      const body = (request.body ?? {}) as Body;
      const billType = typeof body.billtype === 'string' ? registry.byType(body.billtype) : undefined;
      if (!billType) return undefined;
      let record;
      try {
        record = await storage.bills.find(billRefFrom(billType, body));
      } catch {
        return undefined;
      }
      const today = localIsoDay();
      if (!record || record.billDate === today) return undefined;
      return `Bill No. ${record.billno} is dated ${record.billDate}, not today (${today}).`;
    },
  };
}
