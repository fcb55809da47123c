import {
  AGEING_BUCKETS,
  filledText,
  localIsoDay,
  ownValue,
  paiseText,
  portalDate,
  rupees,
  upiPaymentLink,
  type PaymentsSpec,
  type Registry,
  type Unit,
} from '../../engine/core';
import { fillMailTemplate } from '../../engine/core/mail-template';
import { unitSeller, type StatementData } from '../../pdf';
import type { DocumentRenderer } from '../http/pdf-reply';
import { printedSeller } from '../profile/seller';
import type { Storage } from '../storage';
import type { Statement, StatementLine } from '../storage/statement';

/** What a statement or a reminder needs besides the client: the bill types, the storage and payments.json. */
export interface ClientMailContext {
  registry: Registry;
  storage: Storage;
  spec: PaymentsSpec;
}

/** A saved client by any case of its name, with the address the statement prints and the e-mail it goes to. */
export async function savedClient({ registry, storage }: ClientMailContext, name: string) {
  const client = await storage.clients.findByName(name);
  if (!client) return undefined;
  const role = registry.clients.fills.find((fill) => fill.role === 'clientAddress')?.role;
  const email = client.contact.email;
  return { client, address: (role && client.fills[role]) || '', email: typeof email === 'string' ? email.trim() : '' };
}

/** The statement's lines as printed and exported: particulars named by payments.json and the bill types. */
export function printableStatement(registry: Registry, spec: PaymentsSpec, statement: Statement, from: string, to: string, clientAddress: string): StatementData {
  const particulars = (kind: StatementLine['kind'], of: string) => {
    if (kind === 'bill') return registry.byType(of)?.menuLabel ?? of;
    if (kind === 'tds') return filledText(spec.tds?.statement ?? '{section}', { section: of });
    return spec.statement.payment.replace('{mode}', ownValue(spec.modes, of) ?? of);
  };
  return {
    clientName: statement.clientName,
    clientAddress,
    from,
    to,
    opening: statement.opening,
    lines: statement.lines.map((line) => ({ date: line.date, particulars: particulars(line.kind, line.of), number: line.number, debit: line.debit, credit: line.credit, balance: line.balance })),
    closing: statement.closing,
    ageing: AGEING_BUCKETS.map((bucket) => statement.ageing[bucket]) as StatementData['ageing'],
    onAccount: statement.onAccount,
  };
}

/** The file name a statement downloads and is attached under (without its extension). */
export const statementFileName = (clientName: string, from: string, to: string) => `Statement-${clientName}-${from}-${to}`;

/** A statement as its PDF in the unit's letterhead, under its file name, rendered by `render` (the PDF workers). */
export async function statementPdf(context: ClientMailContext, unit: Unit, statement: Statement, from: string, to: string, clientAddress: string, render: DocumentRenderer) {
  const data = printableStatement(context.registry, context.spec, statement, from, to, clientAddress);
  const seller = (await printedSeller(context.storage, unit.slug)) ?? unitSeller(unit);
  const content = await render({ kind: 'statement', texts: context.spec.statement, seller, data });
  return { filename: `${statementFileName(statement.clientName, from, to)}.pdf`, content };
}

/** A client's statement of a period as the PDF its e-mail attaches, or undefined when the client is gone. */
export async function statementAttachment(context: ClientMailContext, unit: Unit, name: string, from: string, to: string, render: DocumentRenderer) {
  const found = await savedClient(context, name);
  const statement = found && (await context.storage.payments.statement(unit.slug, found.client.name, from, to));
  return statement && statementPdf(context, unit, statement, from, to, found.address, render);
}

/** A client's mail: to the saved e-mail, the subject and body filled in from payments.json `mail`. */
export interface ClientMailDraft {
  clientname: string;
  to: string[];
  cc: string[];
  subject: string;
  body: string;
}

const companyOf = async (storage: Storage, unit: Unit) => ((await printedSeller(storage, unit.slug)) ?? unitSeller(unit));

function draftOf(template: PaymentsSpec['mail']['statement'], facts: Record<string, string>, clientname: string, email: string): ClientMailDraft {
  return { clientname, to: email ? [email] : [], cc: [], subject: fillMailTemplate(template.subject, facts), body: fillMailTemplate(template.body, facts) };
}

/** The statement's e-mail of a period; undefined when there is no such client. */
export async function statementDraft(context: ClientMailContext, unit: Unit, name: string, from: string, to: string): Promise<ClientMailDraft | undefined> {
  const found = await savedClient(context, name);
  const statement = found && (await context.storage.payments.statement(unit.slug, found.client.name, from, to));
  if (!found || !statement) return undefined;
  const seller = await companyOf(context.storage, unit);
  const facts = { client: found.client.name, company: seller.companyName, from: portalDate(from), to: portalDate(to), closing: rupees(statement.closing) };
  return draftOf(context.spec.mail.statement, facts, found.client.name, found.email);
}

/**
 * The reminder's e-mail: the overdue bills one a line with what is left of each and since when it is due, their
 * sum, and the unit's UPI payment link for it. `overdue` is empty when nothing is overdue (nothing to remind of).
 */
export async function reminderDraft(context: ClientMailContext, unit: Unit, name: string) {
  const found = await savedClient(context, name);
  if (!found) return undefined;
  const overdue = await context.storage.payments.overdue(unit.slug, found.client.name, localIsoDay());
  const seller = await companyOf(context.storage, unit);
  const amount = overdue.reduce((sum, bill) => sum + bill.balance.balance, 0);
  const bills = overdue.map((bill) => `${context.registry.byType(bill.type)?.menuLabel ?? bill.type} ${bill.printedNo}`);
  const facts = {
    client: found.client.name,
    company: seller.companyName,
    bills: bills.join(', '),
    billlines: overdue.map((bill, i) => `${bills[i]}: ${rupees(bill.balance.balance)}, due ${portalDate(bill.balance.due)}`).join('\n'),
    amount: rupees(amount),
    upilink: seller.upiId ? upiPaymentLink(seller.upiId, seller.companyName, paiseText(amount), `Bills ${bills.join(', ')}`) : '',
  };
  return { draft: draftOf(context.spec.mail.reminder, facts, found.client.name, found.email), overdue: bills };
}
