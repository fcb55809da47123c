import type { FastifyInstance } from 'fastify';
import { needs, needsOnBillType } from '../auth/access';
import { operatorOf } from '../auth/authenticate';
import { AUDIT_ACTIONS } from '../../engine/core';
import { auditCsv } from '../audit-trail/audit-csv';
import { auditEntries } from '../audit-trail/audit-entries';
import { billNumberFrom, billTypeFrom, type Body, bodyOf, optionalDay, optionalInteger, optionalText } from '../http/body';
import { badRequest } from '../http/errors';
import { downloadDisposition } from '../http/pdf-reply';
import type { AuditFilter } from '../storage/audit-trail';
import { currentFinancialYear, optionalFinancialYear } from './bill-ref';
import type { RouteContext } from './context';

export const DEFAULT_AUDIT_PAGE = 50;
export const MAX_AUDIT_PAGE = 200;
/** An e-mail's longest form (RFC 5321). */
const MAX_OPERATOR_LENGTH = 254;

/** The start of a local day as an ISO instant: the trail's days are the shop's, as bill dates are. */
function dayStart(day: string, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + plusDays).toISOString();
}

/** A filter out of a fixed list; empty ("" from a screen's "any" choice) is none. */
function optionalOneOf(body: Body, field: string, choices: readonly string[]): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !choices.includes(value)) throw badRequest(`${field} must be one of: ${choices.join(', ')}.`);
  return value;
}

/**
 * The audit trail's readers (issue 45): `getaudit` (a page, newest first, with the filters' choices),
 * `getauditcsv` (the filtered trail, oldest first) and `getbillhistory` (one bill's rows, oldest first). The
 * trail is written only in each change's own transaction (storage/audit.ts); nothing here changes it.
 */
export function auditRoutes(app: FastifyInstance, { registry, storage }: RouteContext): void {
  const entries = auditEntries(registry);
  const documents = entries.documents();
  const documentValues = documents.map((document) => document.value);

  /** The filters of a call, refused (400) when one is not a day, a known document or action. */
  function filterOf(body: Body, units: readonly string[] | null): { filter: AuditFilter; from?: string; to?: string } {
    const from = optionalDay(body, 'from');
    const to = optionalDay(body, 'to');
    if (from && to && from > to) throw badRequest('from must not be after to.');
    const filter: AuditFilter = {
      from: from && dayStart(from),
      to: to && dayStart(to, 1),
      operator: optionalText(body, 'operator', MAX_OPERATOR_LENGTH)?.trim() || undefined,
      type: optionalOneOf(body, 'document', documentValues),
      action: optionalOneOf(body, 'action', AUDIT_ACTIONS),
      units,
    };
    return { filter, from, to };
  }

  app.post('/api/common/getaudit', needs('audit.read'), async (request) => {
    const body = bodyOf(request);
    const units = operatorOf(request).units;
    const { filter } = filterOf(body, units);
    const page = optionalInteger(body, 'page', 1, 1_000_000) ?? 1;
    const pageSize = optionalInteger(body, 'pageSize', 1, MAX_AUDIT_PAGE) ?? DEFAULT_AUDIT_PAGE;
    const [{ rows, total }, choices] = await Promise.all([storage.auditTrail.page(filter, (page - 1) * pageSize, pageSize), storage.auditTrail.choices(units)]);
    return { entries: rows.map(entries.entryOf), total, page, pageSize, operators: choices.operators, documents, actions: choices.actions };
  });

  app.post('/api/common/getauditcsv', needs('audit.read'), async (request, reply) => {
    const { filter, from, to } = filterOf(bodyOf(request), operatorOf(request).units);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', downloadDisposition(`audit-${from ?? 'all'}-${to ?? 'all'}.csv`))
      .send(auditCsv(storage.auditTrail, entries, registry, filter));
  });

  app.post('/api/common/getbillhistory', needsOnBillType('bills.read'), async (request) => {
    const body = bodyOf(request);
    const billType = billTypeFrom(registry, body);
    const billno = billNumberFrom(body);
    const rows = await storage.auditTrail.ofDocument(billType.unit, billType.type, billno);
    // Numbers restart each year in some series: the rows of one number are told apart by the year they record.
    const yearOf = (row: (typeof rows)[number]) => [row.after, row.before].map((state) => (state as { fy?: unknown } | null)?.fy).find((fy) => typeof fy === 'number');
    const years = new Set(rows.map(yearOf).filter((fy) => fy !== undefined));
    const fy = optionalFinancialYear(body) ?? (years.size === 1 ? [...years][0] : currentFinancialYear());
    return { entries: rows.filter((row) => yearOf(row) === fy).map(entries.entryOf) };
  });
}
