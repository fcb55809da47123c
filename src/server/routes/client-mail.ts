import type { FastifyInstance } from 'fastify';
import { needsOnUnit } from '../auth/access';
import { isBillDay, paymentMessage, type PaymentsSpec, type Unit } from '../../engine/core';
import { operatorOf } from '../auth/authenticate';
import { bodyOf, optionalChoice, optionalText, type Body } from '../http/body';
import { badRequest } from '../http/errors';
import { reminderDraft, savedClient, statementDraft, type ClientMailContext, type ClientMailDraft } from '../mail/client-mail';
import type { MailSubject } from '../storage/mail';
import type { RouteContext } from './context';
import { addresses, logEntry, MAX_BODY, MAX_SUBJECT, noMailServer, withinQuota } from './mail';

function clientNameFrom(spec: PaymentsSpec, body: Body): string {
  const value = body.clientname;
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) throw badRequest(paymentMessage(spec, 'client'));
  return name;
}

function periodFrom(body: Body): { from: string; to: string } {
  for (const field of ['from', 'to']) {
    if (!isBillDay(body[field])) throw badRequest(`Please provide ${field} as a date written YYYY-MM-DD.`);
  }
  const { from, to } = body as { from: string; to: string };
  if (from > to) throw badRequest('from must not be after to.');
  return { from, to };
}

/**
 * Issue 32 part 3: a client's statement (its PDF attached) and a reminder of its overdue bills, by e-mail, per
 * unit: `getclientmaildraft` (what the dialog starts from), `sendstatement`, `sendreminder` and
 * `getclientsendlog`. The recipients are `mailto` (`to` is the statement's last day). Sent through the bills' mail
 * queue: queued at once, retried like a bill's, and Retry (`/api/common/retrysend`) sends a failed one again.
 */
export function clientMailRoutes(app: FastifyInstance, context: RouteContext): void {
  const { registry, storage, mail } = context;
  const spec = registry.payments;
  if (!spec) return;
  const mailContext: ClientMailContext = { registry, storage, spec };
  const missing = (name: string) => badRequest(paymentMessage(spec, 'clientMissing', { client: name }));

  /** The draft of a statement (with its period) or a reminder; refused when there is nothing to remind of. */
  async function draftOf(unit: Unit, kind: 'statement' | 'reminder', body: Body): Promise<{ draft: ClientMailDraft; about: MailSubject }> {
    const name = clientNameFrom(spec!, body);
    if (kind === 'statement') {
      const period = periodFrom(body);
      const draft = await statementDraft(mailContext, unit, name, period.from, period.to);
      if (!draft) throw missing(name);
      return { draft, about: { unit: unit.slug, kind, clientName: draft.clientname, ...period } };
    }
    const reminder = await reminderDraft(mailContext, unit, name);
    if (!reminder) throw missing(name);
    if (reminder.overdue.length === 0) throw badRequest(`${reminder.draft.clientname} has no overdue bills to remind of.`);
    return { draft: reminder.draft, about: { unit: unit.slug, kind, clientName: reminder.draft.clientname } };
  }

  async function send(unit: Unit, kind: 'statement' | 'reminder', body: Body, operator: string) {
    const to = addresses(body, 'mailto', 'To');
    const cc = addresses(body, 'cc', 'Cc');
    if (to.length === 0) throw badRequest(`Please provide the e-mail address to send the ${kind} to (mailto).`);
    const subject = optionalText(body, 'subject', MAX_SUBJECT)?.trim();
    const text = optionalText(body, 'body', MAX_BODY);
    const { draft, about } = await draftOf(unit, kind, body);
    if (!(await storage.mail.settings(unit.slug))) throw noMailServer(unit);
    const queued = () => storage.mail.enqueue(about, { to, cc }, subject || draft.subject, text?.trim() ? text : draft.body, operator, { recipientsPerHour: mail.recipientsPerHour });
    const id = await withinQuota(queued);
    mail.queue.kick();
    const what = kind === 'statement' ? 'The statement' : 'The payment reminder';
    return { msg: `${what} of ${draft.clientname} is being sent to ${to.join(', ')}.`, _id: id };
  }

  for (const unit of registry.units) {
    const path = (endpoint: string) => `/api/${unit.slug}/${endpoint}`;

    app.post(path(spec.endpoints.clientMailDraft), needsOnUnit('mail.read', unit.slug), async (request) => {
      const body = bodyOf(request);
      const kind = optionalChoice(body, 'kind', ['statement', 'reminder'] as const);
      if (!kind) throw badRequest('Please provide kind: statement or reminder.');
      return (await draftOf(unit, kind, body)).draft;
    });

    app.post(path(spec.endpoints.sendStatement), needsOnUnit('bills.send', unit.slug), (request) => send(unit, 'statement', bodyOf(request), operatorOf(request).email));
    app.post(path(spec.endpoints.sendReminder), needsOnUnit('bills.send', unit.slug), (request) => send(unit, 'reminder', bodyOf(request), operatorOf(request).email));

    app.post(path(spec.endpoints.clientSendLog), needsOnUnit('mail.read', unit.slug), async (request) => {
      const name = clientNameFrom(spec, bodyOf(request));
      const found = await savedClient(mailContext, name);
      if (!found) throw missing(name);
      const sends = await storage.mail.ofClient(unit.slug, found.client.name);
      return {
        clientname: found.client.name,
        sends: sends.map((sent) => ({ ...logEntry(sent), kind: sent.kind, ...(sent.from && sent.to ? { period: { from: sent.from, to: sent.to } } : {}) })),
      };
    });
  }
}
