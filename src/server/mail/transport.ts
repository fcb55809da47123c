import nodemailer from 'nodemailer';
import type { SMTPTransportOptions } from 'nodemailer/lib/smtp-transport';
import type { MailSettings } from '../../engine/core/mail-settings';

/** TLS the mail transport trusts beyond Node's (a test's own CA; production uses NODE_EXTRA_CA_CERTS). */
export interface MailTls {
  ca?: string;
}

export interface OutgoingMail {
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  attachment?: { filename: string; content: Buffer };
}

/** A send that did not go: the mail server's own words, and whether trying again later can help. */
export class MailFailure extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
  ) {
    super(message);
  }
}

const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'ETLS', 'EPROTOCOL']);

interface NodemailerError extends Error {
  code?: string;
  response?: string;
  responseCode?: number;
}

/**
 * What went wrong, in the mail server's words where it answered (its SMTP reply), else the connection's. A 4xx
 * answer and a failed connection are temporary (tried again later); a 5xx answer, such as a rejected password, is
 * final.
 */
export function mailFailureOf(error: unknown, settings: Pick<MailSettings, 'host' | 'port'>): MailFailure {
  const failure = error as NodemailerError;
  const where = `${settings.host}:${settings.port}`;
  if (failure.responseCode !== undefined && failure.response) {
    return new MailFailure(`The mail server ${where} answered: ${failure.response}`, failure.responseCode < 500);
  }
  const message = failure.message ?? String(error);
  if (/ECONNREFUSED/.test(message)) return new MailFailure(`The mail server ${where} refused the connection (${message}).`, true);
  if (/certificate|self[- ]signed|CERT_/i.test(message)) {
    return new MailFailure(`The mail server ${where}'s certificate is not trusted (${message}).`, true);
  }
  if (failure.code === 'EAUTH') return new MailFailure(`The mail server ${where} did not accept the sign-in: ${message}`, false);
  const temporary = failure.code === undefined || CONNECTION_CODES.has(failure.code);
  return new MailFailure(`Sending through ${where} failed: ${message}`, temporary);
}

/** Sends one message through a unit's mail server; throws MailFailure. Nothing counts as sent the server did not accept. */
export async function sendMail(settings: MailSettings, password: string, mail: OutgoingMail, tls: MailTls = {}, signal?: AbortSignal): Promise<void> {
  const options: SMTPTransportOptions = {
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    auth: settings.user === '' ? undefined : { user: settings.user, pass: password },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    tls: tls.ca ? { ca: tls.ca } : undefined,
  };
  const transport = nodemailer.createTransport(options);
  // A stopping server does not wait for a slow mail server: the send is queued again for the next start.
  let stop = () => {};
  const stopped = new Promise<never>((_resolve, reject) => {
    stop = () => reject(new MailFailure('The server stopped before the mail server answered.', true));
    if (signal?.aborted) stop();
  });
  signal?.addEventListener('abort', stop);
  try {
    const sending = transport.sendMail({
      from: { name: settings.fromname, address: settings.fromaddress },
      to: mail.to,
      cc: mail.cc.length > 0 ? mail.cc : undefined,
      replyTo: settings.replyto || undefined,
      subject: mail.subject,
      text: mail.text,
      attachments: mail.attachment ? [{ ...mail.attachment, contentType: 'application/pdf' }] : undefined,
    });
    sending.catch(() => undefined);
    const info = await Promise.race([sending, stopped]);
    const rejected = (info.rejected ?? []).map(String);
    if (rejected.length > 0) throw new MailFailure(`The mail server ${settings.host}:${settings.port} refused ${rejected.join(', ')}.`, false);
  } catch (error) {
    throw error instanceof MailFailure ? error : mailFailureOf(error, settings);
  } finally {
    signal?.removeEventListener('abort', stop);
    transport.close();
  }
}
