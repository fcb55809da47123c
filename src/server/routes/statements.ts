import type { FastifyInstance } from 'fastify';
import { needsOnUnit } from '../auth/access';
import {
  AGEING_BUCKETS,
  isBillDay,
  localIsoDay,
  paiseText,
  paiseToNumber,
  paymentMessage,
  reminderMessage,
  whatsAppLink,
  type PaymentsSpec,
  type Unit,
} from '../../engine/core';
import { unitSeller, type StatementData } from '../../pdf';
import { printableStatement, statementFileName, statementPdf } from '../mail/client-mail';
import { bodyOf, optionalChoice, type Body } from '../http/body';
import { badRequest } from '../http/errors';
import { downloadDisposition } from '../http/pdf-reply';
import { printedSeller } from '../profile/seller';
import { csvCell } from '../reports/register';
import { operatorOf } from '../auth/authenticate';
import type { RouteContext } from './context';

function clientNameFrom(spec: PaymentsSpec, body: Body): string {
  const value = body.clientname;
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) throw badRequest(paymentMessage(spec, 'client'));
  return name;
}

function dayFrom(body: Body, field: string): string {
  const value = body[field];
  if (!isBillDay(value)) throw badRequest(`Please provide ${field} as a date written YYYY-MM-DD.`);
  return value;
}

/**
 * A statement row: its text cells guarded by csvCell (a name may start like a formula), its money written as the
 * number it is (`-590.00`, which a spreadsheet must add up, not `'-590.00`); an empty money cell stays empty.
 */
function csvRow(text: string[], money: (number | undefined)[]): string {
  return [...text.map(csvCell), ...money.map((paise) => (paise === undefined ? '' : paiseText(paise)))].join(',');
}

function statementCsv(spec: PaymentsSpec, data: StatementData): string {
  const rows = [
    spec.statement.columns.map(csvCell).join(','),
    csvRow([data.from, spec.statement.opening, ''], [undefined, undefined, data.opening]),
    ...data.lines.map((line) => csvRow([line.date, line.particulars, line.number], [line.debit || undefined, line.credit || undefined, line.balance])),
    csvRow([data.to, spec.statement.closing, ''], [undefined, undefined, data.closing]),
  ];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/**
 * A client's statement (`/api/{unit}/statement` `{ clientname, from, to, format: json | pdf | csv }`) and the
 * WhatsApp reminder of its overdue bills (`/api/{unit}/reminder` `{ clientname }` -> `{ message, link }`).
 */
export function statementRoutes(app: FastifyInstance, context: RouteContext, unit: Unit, spec: PaymentsSpec): void {
  const { storage, registry, renderDocument } = context;
  const path = (endpoint: string) => `/api/${unit.slug}/${endpoint}`;
  const addressOf = async (name: string) => {
    const role = registry.clients.fills.find((fill) => fill.role === 'clientAddress')?.role;
    const client = await storage.clients.findByName(name);
    return { client, address: (role && client?.fills[role]) || '' };
  };

  app.post(path(spec.endpoints.statement), needsOnUnit('payments.read', unit.slug), async (request, reply) => {
    const body = bodyOf(request);
    const name = clientNameFrom(spec, body);
    const from = dayFrom(body, 'from');
    const to = dayFrom(body, 'to');
    if (from > to) throw badRequest('from must not be after to.');
    const format = optionalChoice(body, 'format', ['json', 'pdf', 'csv'] as const) ?? 'json';
    const statement = await storage.payments.statement(unit.slug, name, from, to);
    if (!statement) throw badRequest(paymentMessage(spec, 'clientMissing', { client: name }));
    const data = printableStatement(registry, spec, statement, from, to, (await addressOf(name)).address);
    const fileName = statementFileName(statement.clientName, from, to);
    if (format === 'csv') {
      return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', downloadDisposition(`${fileName}.csv`)).send(statementCsv(spec, data));
    }
    if (format === 'pdf') {
      const operator = operatorOf(request).email;
      const pdf = await statementPdf({ registry, storage, spec }, unit, statement, from, to, data.clientAddress, (job) => renderDocument(job, operator));
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', downloadDisposition(pdf.filename)).send(pdf.content);
    }
    return {
      clientname: data.clientName,
      from,
      to,
      opening: paiseToNumber(data.opening),
      lines: statement.lines.map((line, i) => ({
        date: line.date,
        type: line.kind,
        ...(line.kind === 'bill' ? { billtype: line.of } : line.kind === 'tds' ? { section: line.of } : { mode: line.of }),
        number: line.number,
        particulars: data.lines[i].particulars,
        debit: paiseToNumber(line.debit),
        credit: paiseToNumber(line.credit),
        balance: paiseToNumber(line.balance),
      })),
      closing: paiseToNumber(data.closing),
      ageing: Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, paiseToNumber(statement.ageing[bucket])])),
      onaccount: paiseToNumber(statement.onAccount),
    };
  });

  app.post(path(spec.endpoints.reminder), needsOnUnit('payments.read', unit.slug), async (request) => {
    const name = clientNameFrom(spec, bodyOf(request));
    const { client } = await addressOf(name);
    if (!client) throw badRequest(paymentMessage(spec, 'clientMissing', { client: name }));
    const overdue = await storage.payments.overdue(unit.slug, name, localIsoDay());
    const seller = (await printedSeller(storage, unit.slug)) ?? unitSeller(unit);
    const amount = overdue.reduce((sum, bill) => sum + bill.balance.balance, 0);
    const bills = overdue.map((bill) => `${registry.byType(bill.type)?.menuLabel ?? bill.type} ${bill.printedNo}`);
    const message = reminderMessage(spec, { client: client.name, company: seller.companyName, bills, amount, upiId: seller.upiId });
    const phone = client.contact.phone ?? '';
    return { clientname: client.name, phone, overdue: bills, amount: paiseToNumber(amount), message, link: whatsAppLink(phone, message) };
  });
}
