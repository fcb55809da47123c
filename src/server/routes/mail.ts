import type { FastifyInstance } from 'fastify';
import { needs, needsOnBillType, needsOnUnit, refuseOtherUnit } from '../auth/access';
import { financialYearLabel, type Unit } from '../../engine/core';
import { checkMailSettings, DEFAULT_MAIL_SETTINGS, isEmailAddress, type MailSettingsAnswer } from '../../engine/core/mail-settings';
import { mailAddresses } from '../../engine/core/mail-template';
import { operatorOf } from '../auth/authenticate';
import { billTypeFrom, bodyOf, optionalText, type Body } from '../http/body';
import { badRequest, HttpError, notFound } from '../http/errors';
import { billForMail, billMailText } from '../mail/bill-mail';
import { seal, unseal } from '../mail/secret-box';
import { checkedMailHost, MailHostRefused } from '../mail/mail-host';
import { MailFailure, sendMail } from '../mail/transport';
import { MailQuotaReached, type MailSend, type StoredMailSettings } from '../storage/mail';
import { billRefFrom } from './bill-ref';
import { billNotFound } from './common-bills';
import type { RouteContext } from './context';

export const MAX_SUBJECT = 200;
export const MAX_BODY = 10_000;

export function addresses(body: Body, field: string, label: string): string[] {
  const found = mailAddresses(body[field], label, isEmailAddress);
  if (typeof found === 'string') throw badRequest(found);
  return found;
}

export const noMailServer = (unit: Unit) =>
  badRequest(`No mail server is set for ${unit.menuLabel}: save its E-mail settings on the Business Profile screen first.`);

/** Queues a send (storage.mail.enqueue), or answers 429 with Retry-After once the operator's hour is full. */
export async function withinQuota(enqueue: () => Promise<number>): Promise<number> {
  try {
    return await enqueue();
  } catch (error) {
    if (!(error instanceof MailQuotaReached)) throw error;
    const minutes = Math.ceil(error.retryAfter / 60);
    throw new HttpError(
      429,
      `You have e-mailed ${error.used} recipients in the last hour; at most ${error.perHour} an hour are allowed. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { 'Retry-After': String(error.retryAfter) },
    );
  }
}

/** What the stored password was given for: sent anywhere else, it would tell another server (or nobody's) the secret. */
const passwordsServer = (settings: Pick<StoredMailSettings, 'host' | 'port' | 'user' | 'security'>) =>
  JSON.stringify([settings.host.toLowerCase(), settings.port, settings.user, settings.security]);

/** A send as getsendlog answers it: to whom, when, and how it went, in the mail server's words when it failed. */
export function logEntry(send: MailSend) {
  return {
    _id: send.id,
    to: send.recipients.to,
    cc: send.recipients.cc,
    subject: send.subject,
    at: send.createdAt,
    status: send.status === 'sending' ? 'queued' : send.status,
    ...(send.error && send.status !== 'sent' ? { error: send.error } : {}),
    ...(send.sentAt ? { sentat: send.sentAt } : {}),
    attempts: send.attempts,
  };
}

/**
 * Issue 32: each unit's mail server (the password sealed with a key kept outside the database, never answered),
 * a test message, and bills sent by e-mail with their PDF: queued at once, sent in the background
 * (mail/mail-queue.ts), logged per bill with the mail server's words when one fails, and sent again on Retry.
 */
export function mailRoutes(app: FastifyInstance, { registry, storage, mail }: RouteContext): void {
  for (const unit of registry.units) {
    app.post(`/api/${unit.slug}/getmailsettings`, needsOnUnit('mail.settings.read', unit.slug), async () => {
      const saved = await storage.mail.settings(unit.slug);
      const { passwordSealed, ...settings } = saved ?? { ...DEFAULT_MAIL_SETTINGS, passwordSealed: '' };
      const answer: MailSettingsAnswer = { ...DEFAULT_MAIL_SETTINGS, ...settings, passwordset: passwordSealed !== '', saved: saved !== undefined };
      return { settings: answer };
    });

    app.post(`/api/${unit.slug}/savemailsettings`, needsOnUnit('mail.settings.write', unit.slug), async (request) => {
      const checked = checkMailSettings(bodyOf(request));
      if (!checked.ok) throw badRequest(checked.msg);
      try {
        await checkedMailHost(checked.settings.host, mail.delivery.hosts);
      } catch (error) {
        if (error instanceof MailHostRefused) throw badRequest(error.message);
        throw error;
      }
      const before = await storage.mail.settings(unit.slug);
      const kept = before?.passwordSealed ?? '';
      // The stored password goes only to the server, port and user (and security) it was typed for.
      const moved = before !== undefined && passwordsServer(before) !== passwordsServer(checked.settings);
      if (checked.password === undefined && moved && kept !== '' && checked.settings.user !== '') {
        throw badRequest(`The mail server, port, user name or security changed: please type the password for ${checked.settings.user} at ${checked.settings.host} again.`);
      }
      const passwordSealed = checked.password !== undefined ? seal(mail.key, checked.password) : moved ? '' : kept;
      await storage.mail.saveSettings(unit.slug, { ...checked.settings, passwordSealed }, operatorOf(request).email);
      return { msg: `The ${unit.menuLabel} e-mail settings have been saved.` };
    });

    /**
     * Sent by the request (its answer says whether it went, as a short failure class: never what the far end said,
     * which would make this a way to read other services' banners), within the send deadline, and counted in the
     * operator's hourly recipients as a send of kind `test`.
     */
    app.post(`/api/${unit.slug}/testmail`, needsOnUnit('mail.settings.write', unit.slug), async (request) => {
      const to = addresses(bodyOf(request), 'to', 'To');
      if (to.length === 0) throw badRequest('Please provide the address to send the test e-mail to.');
      const settings = await storage.mail.settings(unit.slug);
      if (!settings) throw noMailServer(unit);
      const password = unseal(mail.key, settings.passwordSealed);
      if (password === undefined) throw badRequest('The saved mail password cannot be read (the mail key changed): save the password again.');
      const subject = `Test e-mail from ${unit.menuLabel} billing`;
      const text = `This is a test of the e-mail settings of ${unit.menuLabel}: bills sent by e-mail will come from ${settings.fromaddress}.`;
      const options = { recipientsPerHour: mail.recipientsPerHour, sending: true };
      const id = await withinQuota(() => storage.mail.enqueue({ unit: unit.slug, kind: 'test' }, { to, cc: [] }, subject, text, operatorOf(request).email, options));
      try {
        await sendMail(settings, password, { to, cc: [], subject, text }, mail.delivery);
      } catch (error) {
        const failure = error instanceof MailFailure ? error : new MailFailure((error as Error).message, false);
        await storage.mail.markFailed(id, failure.message, 1);
        if (error instanceof MailFailure) throw badRequest(failure.summary);
        throw error;
      }
      await storage.mail.markSent(id);
      return { msg: `A test e-mail was sent to ${to.join(', ')}. Check that it arrived.` };
    });
  }

  /** What the Send by e-mail dialog starts from: the client's saved e-mail, the type's subject and body filled in. */
  app.post('/api/common/getmaildraft', needsOnBillType('mail.read'), async (request) => {
    const body = bodyOf(request);
    const billType = billTypeFrom(registry, body);
    const ref = billRefFrom(billType, body);
    const found = await billForMail(storage, billType, ref);
    if (!found) throw billNotFound(ref);
    return { to: found.clientEmail === '' ? [] : [found.clientEmail], cc: [], ...billMailText(found) };
  });

  app.post('/api/common/sendbill', needsOnBillType('bills.send'), async (request) => {
    const body = bodyOf(request);
    const billType = billTypeFrom(registry, body);
    const ref = billRefFrom(billType, body);
    const to = addresses(body, 'to', 'To');
    const cc = addresses(body, 'cc', 'Cc');
    if (to.length === 0) throw badRequest('Please provide the e-mail address to send the bill to.');
    const subject = optionalText(body, 'subject', MAX_SUBJECT);
    const text = optionalText(body, 'body', MAX_BODY);
    const found = await billForMail(storage, billType, ref);
    if (!found) throw billNotFound(ref);
    if (!(await storage.mail.settings(billType.unit))) throw noMailServer(billType.unitInfo);
    const fallback = billMailText(found);
    const id = await withinQuota(() =>
      storage.mail.enqueue(
        { unit: billType.unit, kind: 'bill', billType: billType.type, fy: found.fy, billno: ref.billno },
        { to, cc },
        subject?.trim() || fallback.subject,
        text?.trim() ? text : fallback.body,
        operatorOf(request).email,
        { recipientsPerHour: mail.recipientsPerHour },
      ),
    );
    mail.queue.kick();
    return { msg: `${billType.pdf.documentName} No. ${found.facts.number} is being sent to ${to.join(', ')}.`, _id: id };
  });

  app.post('/api/common/getsendlog', needsOnBillType('mail.read'), async (request) => {
    const body = bodyOf(request);
    const billType = billTypeFrom(registry, body);
    const ref = billRefFrom(billType, body);
    const record = await storage.bills.find(ref);
    if (!record) throw billNotFound(ref);
    const sends = await storage.mail.ofBill(billType.unit, billType.type, record.fy, record.billno);
    return { fy: financialYearLabel(record.fy), sends: sends.map(logEntry) };
  });

  app.post('/api/common/retrysend', needs('bills.send'), async (request) => {
    const body = bodyOf(request);
    const id = body._id;
    if (!Number.isInteger(id) || (id as number) < 1) throw badRequest('Please provide the _id of the send to try again.');
    const send = await storage.mail.find(id as number);
    if (!send) throw notFound(`No e-mail ${String(id)} was found.`);
    refuseOtherUnit(request, registry, send.unit);
    if (!(await storage.mail.retry(send.id, operatorOf(request).email))) {
      throw new HttpError(409, send.status === 'sent' ? 'That e-mail was sent already.' : 'That e-mail is still queued to be sent.');
    }
    mail.queue.kick();
    return { msg: `The e-mail to ${send.recipients.to.join(', ')} is being sent again.` };
  });
}
