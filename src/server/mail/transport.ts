import nodemailer from 'nodemailer';
import type { SMTPTransportOptions } from 'nodemailer/lib/smtp-transport';
import type { MailSettings } from '../../engine/core/mail-settings';
import { checkedMailHost, MailHostRefused, type MailHostPolicy } from './mail-host';

/** TLS the mail transport trusts beyond Node's (a test's own CA; production uses NODE_EXTRA_CA_CERTS). */
export interface MailTls {
  ca?: string;
}

/** How every send goes out: which hosts are allowed, the whole send's deadline, extra trusted TLS. */
export interface MailDelivery {
  hosts: MailHostPolicy;
  /** A send (connecting, signing in, sending, the answer) ends by then, whatever the mail server does. */
  deadlineMs: number;
  tls?: MailTls;
}

/** MAIL_SEND_TIMEOUT's default: a bill's PDF goes through a slow line well within it. */
export const MAIL_DEADLINE_MS = 30_000;

export interface OutgoingMail {
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  attachment?: { filename: string; content: Buffer };
}

/**
 * Short classes of failure, what a test send answers: the mail server's own words (its banner, its replies) stay in
 * the send log, so testmail cannot be used to read what some other service on a host says.
 */
export const FAILURE_CLASS = {
  unreachable: 'The mail server could not be reached.',
  timeout: 'The mail server did not answer in time.',
  tls: 'The secure connection (TLS) to the mail server failed.',
  signIn: 'The mail server did not accept the user name and password.',
  refused: 'The mail server refused the message or its recipients.',
  protocol: 'The mail server answered something unexpected.',
} as const;

/** A send that did not go: the mail server's own words, its short class, and whether trying again later can help. */
export class MailFailure extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
    /** What testmail answers: a FAILURE_CLASS, or our own refusal of the host. */
    readonly summary: string = FAILURE_CLASS.protocol,
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
  const message = failure.message ?? String(error);
  if (failure.responseCode !== undefined && failure.response) {
    const summary = failure.code === 'EAUTH' ? FAILURE_CLASS.signIn : failure.code === 'EPROTOCOL' ? FAILURE_CLASS.protocol : FAILURE_CLASS.refused;
    return new MailFailure(`The mail server ${where} answered: ${failure.response}`, failure.responseCode < 500, summary);
  }
  if (/ECONNREFUSED/.test(message)) return new MailFailure(`The mail server ${where} refused the connection (${message}).`, true, FAILURE_CLASS.unreachable);
  if (/certificate|self[- ]signed|CERT_/i.test(message)) {
    return new MailFailure(`The mail server ${where}'s certificate is not trusted (${message}).`, true, FAILURE_CLASS.tls);
  }
  if (failure.code === 'EAUTH') return new MailFailure(`The mail server ${where} did not accept the sign-in: ${message}`, false, FAILURE_CLASS.signIn);
  const temporary = failure.code === undefined || CONNECTION_CODES.has(failure.code);
  return new MailFailure(`Sending through ${where} failed: ${message}`, temporary, summaryOf(failure.code));
}

function summaryOf(code: string | undefined): string {
  if (code === 'ETIMEDOUT') return FAILURE_CLASS.timeout;
  if (code === 'ETLS') return FAILURE_CLASS.tls;
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS' || code === 'ECONNRESET') return FAILURE_CLASS.unreachable;
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return FAILURE_CLASS.refused;
  return FAILURE_CLASS.protocol;
}

/** Why a send is ended early: the server stopping (it goes again at the next start) or the deadline passing. */
function endedEarly(stop: AbortSignal | undefined, where: string): MailFailure {
  if (stop?.aborted) return new MailFailure('The server stopped before the mail server answered.', true);
  return new MailFailure(`The mail server ${where} did not finish the send in time.`, true, FAILURE_CLASS.timeout);
}

/**
 * Sends one message through a unit's mail server; throws MailFailure. Nothing counts as sent the server did not
 * accept. The host is checked (mail-host.ts) and the connection made to the checked address; the whole send ends
 * at `delivery.deadlineMs`, so a mail server that stops answering mid-conversation holds nothing longer than that.
 */
export async function sendMail(settings: MailSettings, password: string, mail: OutgoingMail, delivery: MailDelivery, stop?: AbortSignal): Promise<void> {
  const where = `${settings.host}:${settings.port}`;
  const signal = AbortSignal.any([AbortSignal.timeout(delivery.deadlineMs), ...(stop ? [stop] : [])]);
  let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  let abort = () => {};
  const ended = new Promise<never>((_resolve, reject) => {
    abort = () => reject(endedEarly(stop, where));
    if (signal.aborted) abort();
  });
  signal.addEventListener('abort', abort);
  try {
    const host = await Promise.race([checkedMailHost(settings.host, delivery.hosts), ended]);
    const within = (ms: number) => Math.min(ms, delivery.deadlineMs);
    const tls = { ...(delivery.tls?.ca ? { ca: delivery.tls.ca } : {}), ...(host.servername ? { servername: host.servername } : {}) };
    const options: SMTPTransportOptions = {
      host: host.address,
      port: settings.port,
      secure: settings.security === 'tls',
      requireTLS: settings.security === 'starttls',
      ignoreTLS: settings.security === 'none',
      auth: settings.user === '' ? undefined : { user: settings.user, pass: password },
      connectionTimeout: within(15_000),
      greetingTimeout: within(15_000),
      socketTimeout: within(60_000),
      tls: Object.keys(tls).length > 0 ? tls : undefined,
    };
    transport = nodemailer.createTransport(options);
    const sending = transport.sendMail({
      from: { name: settings.fromname, address: settings.fromaddress },
      to: mail.to,
      cc: mail.cc.length > 0 ? mail.cc : undefined,
      replyTo: settings.replyto || undefined,
      subject: mail.subject,
      text: mail.text,
      attachments: mail.attachment ? [{ ...mail.attachment, contentType: 'application/pdf' }] : undefined,
      // nodemailer closes the connection when the signal fires; the race below answers at once either way.
      signal,
    } as Parameters<typeof transport.sendMail>[0]);
    sending.catch(() => undefined);
    const info = await Promise.race([sending, ended]);
    const rejected = (info.rejected ?? []).map(String);
    if (rejected.length > 0) throw new MailFailure(`The mail server ${where} refused ${rejected.join(', ')}.`, false, FAILURE_CLASS.refused);
  } catch (error) {
    if (error instanceof MailHostRefused) throw new MailFailure(error.message, error.temporary, error.message);
    throw error instanceof MailFailure ? error : mailFailureOf(error, settings);
  } finally {
    signal.removeEventListener('abort', abort);
    transport?.close();
  }
}
