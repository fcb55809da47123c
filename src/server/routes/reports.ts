import type { FastifyInstance, FastifyReply } from 'fastify';
import { needsOnUnit } from '../auth/access';
import { financialYear, financialYearMonths, isIsoDay, paiseToNumber, returnPeriod, type Period } from '../../engine/core';
import { bodyOf, optionalChoice, optionalInteger, type Body } from '../http/body';
import { badRequest } from '../http/errors';
import { downloadDisposition } from '../http/pdf-reply';
import { printedSeller } from '../profile/seller';
import { gstr1 } from '../reports/gstr1';
import { registerCsv, registerJson } from '../reports/register';
import { registerXlsx } from '../reports/register-xlsx';
import { gstUnits, salesWithNotesScope } from '../reports/scope';
import { headText } from '../storage/audit-chain';
import type { RouteContext } from './context';

export const AUDIT_HEAD_HEADER = 'x-audit-head';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function periodFrom(body: Body): Period {
  const { from, to } = body;
  if (!isIsoDay(from) || !isIsoDay(to)) throw badRequest('Please provide from and to as dates written YYYY-MM-DD.');
  if (from > to) throw badRequest('The period must not end before it starts (from is after to).');
  return { from, to };
}

/**
 * The reports (issue 18), per unit from the registry: `/api/{unit}/salesregister` and `salesbymonth` for every
 * unit, `/api/{unit}/gstr1` for each unit whose sales charge GST. They read the bills' stored figures.
 */
export function reportRoutes(app: FastifyInstance, { registry, storage, reportSlot }: RouteContext): void {
  const limited = (unit: string) => ({ ...needsOnUnit('reports.read', unit), preHandler: reportSlot });
  const store = storage.reports;
  /**
   * The audit chain's head when the download was made, as `x-audit-head: N:HASH` (issue 45): kept by whoever
   * files or audits the return, `audit verify --head` later shows that no row up to it was rewritten since.
   */
  const auditHeadOn = async (reply: FastifyReply) => {
    const head = headText(await storage.auditChain.head());
    reply.header(AUDIT_HEAD_HEADER, head);
    return head;
  };
  for (const unit of registry.units) {
    app.post(`/api/${unit.slug}/salesregister`, limited(unit.slug), async (request, reply) => {
      const body = bodyOf(request);
      const format = optionalChoice(body, 'format', ['json', 'csv', 'xlsx'] as const) ?? 'json';
      const period = periodFrom(body);
      const auditHead = await auditHeadOn(reply);
      if (format === 'json') return reply.type('application/json; charset=utf-8').send(await registerJson(store, registry, unit, period));
      const name = `SalesRegister_${unit.slug}_${period.from}_${period.to}.${format}`;
      reply.header('Content-Disposition', downloadDisposition(name));
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(registerCsv(store, registry, unit, period, auditHead));
      return reply.type(XLSX_TYPE).send(registerXlsx(store, registry, unit, period, auditHead));
    });

    app.post(`/api/${unit.slug}/salesbymonth`, limited(unit.slug), async (request) => {
      const year = optionalInteger(bodyOf(request), 'year', 2000, 2999);
      if (year === undefined) throw badRequest('Please provide the year the financial year starts in (year: 2026 for April 2026 to March 2027).');
      const sums = new Map(
        (await store.byMonth(salesWithNotesScope(registry, unit, financialYear(year)))).map((row) => [row.month, row]),
      );
      return {
        months: financialYearMonths(year).map((month) => ({
          month,
          taxable: paiseToNumber(sums.get(month)?.taxable ?? 0),
          total: paiseToNumber(sums.get(month)?.total ?? 0),
        })),
      };
    });
  }

  for (const unit of gstUnits(registry)) {
    app.post(`/api/${unit.slug}/gstr1`, limited(unit.slug), async (request, reply) => {
      const body = bodyOf(request);
      const quarterly = body.quarterly === true;
      if (body.quarterly !== undefined && body.quarterly !== null && typeof body.quarterly !== 'boolean')
        throw badRequest('quarterly must be true or false.');
      const fp = typeof body.fp === 'string' ? body.fp.trim() : '';
      const period = returnPeriod(fp, quarterly);
      if (!period) {
        throw badRequest(
          quarterly
            ? 'Please provide fp as the quarter\'s last month, MMYYYY (032027, 062026, 092026 or 122026).'
            : 'Please provide fp as the return month, MMYYYY (112026 for November 2026).',
        );
      }
      await auditHeadOn(reply);
      const settled = await storage.advances.settledIn(unit.slug, period.from, period.to);
      const answer = await gstr1(store, registry, unit, fp, period, await printedSeller(storage, unit.slug), settled);
      return reply
        .header('Content-Disposition', downloadDisposition(`GSTR1_${answer.gstin}_${fp}.json`))
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(answer));
    });
  }
}
