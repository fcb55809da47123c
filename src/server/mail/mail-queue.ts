import type { Registry } from '../../engine/core';
import { printExtras } from '../bills/print-extras';
import type { DocumentRenderer, PdfRenderer } from '../http/pdf-reply';
import type { Storage } from '../storage';
import type { MailSend } from '../storage/mail';
import { billAttachment, billForMail } from './bill-mail';
import { statementAttachment } from './client-mail';
import { unseal } from './secret-box';
import { MailFailure, sendMail, type MailDelivery, type OutgoingMail } from './transport';

/** After a temporary failure (a connection, a 4xx answer) a send is tried again after about 10, 30 and 90 s. */
export const RETRY_DELAYS_MS = [10_000, 30_000, 90_000];
/** Another server (scale-out) may have queued sends: each server looks this often besides its own kicks. */
const POLL_MS = 30_000;

export interface MailQueueOptions {
  registry: Registry;
  storage: Storage;
  /** The key mail passwords are sealed with (secret-box.ts). */
  mailKey: Buffer;
  renderPdf: PdfRenderer;
  /** Statements' PDFs, in the same workers as bills'. */
  renderDocument: DocumentRenderer;
  retryDelaysMs?: number[];
  /** Allowed hosts, each send's deadline, extra trusted TLS. */
  delivery: MailDelivery;
  /** Where a send's failure is logged for the server's operator. */
  log?: (line: string) => void;
}

export interface MailQueue {
  /** Looks for due sends now (after a send was queued or retried). */
  kick(): void;
  /** Stops looking; waits for a send under way. */
  close(): Promise<void>;
}

/**
 * Sends the queued e-mails in the background, outside any request: a send is claimed in the database (so two
 * servers never both send it), its message made (a bill's PDF rendered as showpdf renders it), and marked sent only
 * when the mail server accepted it. A temporary failure is queued again for later. Each unit has its own line, one
 * send at a time: units send through their own mail servers, so one that hangs (each send ends at its deadline)
 * holds back only its own unit's mail.
 */
export function startMailQueue(options: MailQueueOptions): MailQueue {
  const { storage, registry } = options;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  let closed = false;
  let running: Promise<void> | undefined;
  let again = false;
  /** Each unit's line, while it has sends to go; `more`: units whose line should look again when it ends. */
  const lines = new Map<string, Promise<void>>();
  const more = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const stopping = new AbortController();
  const poll = setInterval(() => kick(), POLL_MS);
  poll.unref();

  async function messageOf(send: MailSend): Promise<OutgoingMail> {
    const mail: OutgoingMail = { ...send.recipients, subject: send.subject, text: send.body };
    if (send.kind === 'statement') return { ...mail, attachment: await statementOf(send) };
    if (send.kind !== 'bill') return mail;
    const billType = registry.byType(send.billType ?? '');
    const found = billType && (await billForMail(storage, billType, { unit: send.unit, type: billType.type, billno: send.billno ?? 0, fy: send.fy }));
    if (!found) throw new MailFailure('The bill was deleted before it was sent.', false);
    return { ...mail, attachment: await billAttachment(found, options.renderPdf, await printExtras(registry, storage, billType, found.record)) };
  }

  /** A statement's PDF as the statement endpoint renders it, made when it is sent (a Retry sends it as of then). */
  async function statementOf(send: MailSend) {
    const unit = registry.units.find((candidate) => candidate.slug === send.unit);
    const spec = registry.payments;
    const pdf = unit && spec && send.clientName && send.from && send.to && (await statementAttachment({ registry, storage, spec }, unit, send.clientName, send.from, send.to, options.renderDocument));
    if (!pdf) throw new MailFailure('The client was deleted before the statement was sent.', false);
    return pdf;
  }

  async function deliver(send: MailSend): Promise<void> {
    const attempts = send.attempts + 1;
    try {
      const settings = await storage.mail.settings(send.unit);
      if (!settings) throw new MailFailure('No mail server is set for this unit: save its E-mail settings on the Business Profile screen.', false);
      const password = unseal(options.mailKey, settings.passwordSealed);
      if (password === undefined) throw new MailFailure('The saved mail password cannot be read (the mail key changed): save the password again.', false);
      await sendMail(settings, password, await messageOf(send), options.delivery, stopping.signal);
      await storage.mail.markSent(send.id);
    } catch (error) {
      // Cut off by the server stopping: not an attempt; the next start sends it.
      if (closed) return storage.mail.requeue(send.id);
      const failure = error instanceof MailFailure ? error : new MailFailure((error as Error).message, true);
      const wait = failure.temporary ? delays[attempts - 1] : undefined;
      const retryAt = wait === undefined ? undefined : new Date(Date.now() + wait).toISOString();
      await storage.mail.markFailed(send.id, failure.message, attempts, retryAt);
      options.log?.(`E-mail ${send.id} ${retryAt ? `will be tried again at ${retryAt}` : 'failed'}: ${failure.message}`);
    }
  }

  /** One unit's line: its due sends, one at a time, until none is due. */
  async function drainUnit(unit: string): Promise<void> {
    for (;;) {
      const { sends } = await storage.mail.due(10, unit);
      if (sends.length === 0 || closed) return;
      for (const send of sends) {
        if (closed) return;
        if (await storage.mail.claim(send.id)) await deliver(send);
      }
    }
  }

  function startLine(unit: string): void {
    if (lines.has(unit)) {
      more.add(unit);
      return;
    }
    const line = drainUnit(unit).then(
      () => {
        lines.delete(unit);
        if (more.delete(unit)) startLine(unit);
        // A failed send was queued again for later: the timer is set for it.
        else kick();
      },
      (error: Error) => {
        // Left to the next poll, not looked at again at once: the error (the database's, say) may well repeat.
        lines.delete(unit);
        more.delete(unit);
        options.log?.(`The mail queue of ${unit} stopped on an error: ${error.message}`);
      },
    );
    lines.set(unit, line);
  }

  /** Starts the line of every unit with a send due, and sets the timer for the next one not yet due. */
  async function look(): Promise<void> {
    const { units, next } = await storage.mail.dueUnits();
    if (closed) return;
    for (const unit of units) startLine(unit);
    clearTimeout(timer);
    if (next) timer = setTimeout(kick, Math.max(0, Date.parse(next) - Date.now()) + 5);
  }

  function kick(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = look()
      .catch((error: Error) => options.log?.(`The mail queue stopped on an error: ${error.message}`))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  // Sends a stopped server left half-done go again; then whatever is due.
  void storage.mail.requeueInterrupted().then(kick, (error: Error) => options.log?.(`The mail queue could not start: ${error.message}`));
  return {
    kick,
    async close() {
      closed = true;
      stopping.abort();
      clearInterval(poll);
      clearTimeout(timer);
      await running;
      await Promise.all(lines.values());
    },
  };
}
