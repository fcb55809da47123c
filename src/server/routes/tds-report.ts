import type { FastifyInstance } from 'fastify';
import { needsOnUnit } from '../auth/access';
import { isBillDay, paiseText, paiseToNumber, type PaymentsSpec, type Registry, type TdsSpec, type Unit } from '../../engine/core';
import { bodyOf, optionalChoice } from '../http/body';
import { badRequest } from '../http/errors';
import { downloadDisposition } from '../http/pdf-reply';
import { csvCell } from '../reports/register';
import type { TdsReportRow } from '../storage/tds-report';
import type { RouteContext } from './context';

const billsText = (registry: Registry, row: TdsReportRow) =>
  row.bills.map((bill) => `${registry.byType(bill.billtype)?.menuLabel ?? bill.billtype} ${bill.printedNo}`).join('; ');

/** One payment a row; text cells guarded by csvCell, money as plain numbers a spreadsheet adds up. */
function tdsCsv(registry: Registry, tds: TdsSpec, rows: readonly (TdsReportRow & { gstin: string })[]): string {
  const lines = [
    tds.reportColumns.map(csvCell).join(','),
    ...rows.map((row) =>
      [
        ...[row.clientName, row.gstin, row.section, row.receiptNo, row.date].map(csvCell),
        paiseText(row.received),
        paiseText(row.tds),
        csvCell(billsText(registry, row)),
        paiseText(row.value),
      ].join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * The TDS report (issue 46 item 5): `/api/{unit}/tdsreport { from, to, format: json | csv }`, the TDS clients
 * deducted from their payments in a period, one row a payment and a total per client and section, to be matched
 * with Form 26AS.
 */
export function tdsReportRoute(app: FastifyInstance, { registry, storage }: RouteContext, unit: Unit, spec: PaymentsSpec): void {
  const tds = spec.tds;
  if (!tds || !spec.endpoints.tdsReport) return;
  app.post(`/api/${unit.slug}/${spec.endpoints.tdsReport}`, needsOnUnit('reports.read', unit.slug), async (request, reply) => {
    const body = bodyOf(request);
    const { from, to } = body;
    if (!isBillDay(from) || !isBillDay(to)) throw badRequest('Please provide from and to as dates written YYYY-MM-DD.');
    if (from > to) throw badRequest('The period must not end before it starts (from is after to).');
    const format = optionalChoice(body, 'format', ['json', 'csv'] as const) ?? 'json';
    const gstinRole = registry.clients.fills.find((fill) => fill.role === 'clientGstin')?.role;
    const gstins = new Map<string, string>();
    const rows = [];
    for (const row of await storage.payments.tdsReport(unit.slug, from, to)) {
      if (!gstins.has(row.clientName)) {
        const client = gstinRole ? await storage.clients.findByName(row.clientName) : undefined;
        gstins.set(row.clientName, (gstinRole && client?.fills[gstinRole]) || '');
      }
      rows.push({ ...row, gstin: gstins.get(row.clientName)! });
    }
    if (format === 'csv') {
      const name = `TDS_${unit.slug}_${from}_${to}.csv`;
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', downloadDisposition(name)).send(tdsCsv(registry, tds, rows));
    }
    const totals = new Map<string, { clientname: string; gstin: string; section: string; received: number; tds: number }>();
    for (const row of rows) {
      const key = `${row.clientName}\u0000${row.section}`;
      const total = totals.get(key) ?? { clientname: row.clientName, gstin: row.gstin, section: row.section, received: 0, tds: 0 };
      total.received += row.received;
      total.tds += row.tds;
      totals.set(key, total);
    }
    return {
      title: tds.reportTitle,
      from,
      to,
      payments: rows.map((row) => ({
        clientname: row.clientName,
        gstin: row.gstin,
        section: row.section,
        receiptno: row.receiptNo,
        date: row.date,
        received: paiseToNumber(row.received),
        tds: paiseToNumber(row.tds),
        bills: billsText(registry, row),
        value: paiseToNumber(row.value),
      })),
      clients: [...totals.values()].map((total) => ({ ...total, received: paiseToNumber(total.received), tds: paiseToNumber(total.tds) })),
      total: paiseToNumber(rows.reduce((sum, row) => sum + row.tds, 0)),
    };
  });
}
