import type { FastifyInstance } from 'fastify';
import { gstr3bOutward, returnPeriod, sellerStateCode } from '../../engine/core';
import { needsOnUnit } from '../auth/access';
import { bodyOf, type Body } from '../http/body';
import { badRequest } from '../http/errors';
import { printedSeller } from '../profile/seller';
import { gstr1 } from '../reports/gstr1';
import { gstUnits } from '../reports/scope';
import type { RouteContext } from './context';

/** The return month as GSTR-1 names it (MMYYYY), from `period` written so or as YYYY-MM. */
function returnMonth(body: Body): string {
  const value = typeof body.period === 'string' ? body.period.trim() : '';
  const iso = /^(\d{4})-(\d{2})$/.exec(value);
  const fp = iso ? `${iso[2]}${iso[1]}` : value;
  if (!returnPeriod(fp, false)) throw badRequest('Please provide period as the return month, MMYYYY (112026 for November 2026) or 2026-11.');
  return fp;
}

/**
 * `POST /api/{unit}/gstr3b { period }` (issue 49): GSTR-3B's outward supplies (Tables 3.1 and 3.2) in the portal's
 * names, for each unit whose sales charge GST, read from the same month's GSTR-1 (core gstr3b.ts), so the two agree.
 */
export function gstr3bRoutes(app: FastifyInstance, { registry, storage, reportSlot }: RouteContext): void {
  for (const unit of gstUnits(registry)) {
    app.post(`/api/${unit.slug}/gstr3b`, { ...needsOnUnit('reports.read', unit.slug), preHandler: reportSlot }, async (request) => {
      const fp = returnMonth(bodyOf(request));
      const period = returnPeriod(fp, false)!;
      const seller = await printedSeller(storage, unit.slug);
      const settled = await storage.advances.settledIn(unit.slug, period.from, period.to);
      const sales = await gstr1(storage.reports, registry, unit, fp, period, seller, settled);
      return { gstin: sales.gstin, ret_period: fp, ...gstr3bOutward(sales, sellerStateCode(unit, seller)) };
    });
  }
}
