import { sql, type Transaction } from 'kysely';
import type { MailSettings } from '../../engine/core/mail-settings';
import { writeAudit } from './audit';
import type { Db, MailSendTable, MailSettingsTable, SqlDialect, Tables } from './tables';

export interface StoredMailSettings extends MailSettings {
  /** secret-box.ts's sealed password, '' for none. */
  passwordSealed: string;
}

export interface MailRecipients {
  to: string[];
  cc: string[];
}

/**
 * What a send is about: a bill (its PDF attached), the unit's test message, or a client: a statement of a period
 * (its PDF attached) or a reminder of the overdue bills (issue 32 part 3).
 */
export interface MailSubject {
  unit: string;
  kind: 'bill' | 'test' | 'statement' | 'reminder';
  billType?: string;
  fy?: number;
  billno?: number;
  /** A statement's or a reminder's client, as saved on the Clients screen. */
  clientName?: string;
  /** A statement's period (YYYY-MM-DD). */
  from?: string;
  to?: string;
}

export interface MailSend extends MailSubject {
  id: number;
  recipients: MailRecipients;
  subject: string;
  body: string;
  status: MailSendTable['status'];
  error: string | null;
  attempts: number;
  dueAt: string;
  createdAt: string;
  sentAt: string | null;
  operator: string;
}

type SendRow = Omit<MailSendTable, 'id'> & { id: number };

/** How a send is queued: within the operator's hourly allowance of recipients, and (a test) as already sending. */
export interface EnqueueOptions {
  recipientsPerHour?: number;
  /** A test message is sent by its request, not by the queue: queued as 'sending', so the queue leaves it. */
  sending?: boolean;
}

/** A send refused because the operator has mailed the hour's allowance of recipients; `retryAfter` in seconds. */
export class MailQuotaReached extends Error {
  constructor(
    readonly used: number,
    readonly perHour: number,
    readonly retryAfter: number,
  ) {
    super(`${used} of ${perHour} recipients this hour`);
  }
}

const HOUR_MS = 3_600_000;
/** Any constant: with the operator's hash, PostgreSQL's advisory lock that takes one operator's sends one at a time. */
const QUOTA_LOCK = 73_052_042;

const recipientCount = (recipients: MailRecipients) => recipients.to.length + recipients.cc.length;

/**
 * Throws MailQuotaReached when `adding` more recipients would pass the operator's allowance in the last hour (tests
 * included). Counted and then inserted in one transaction; on PostgreSQL the operator's sends take a lock first, so
 * two servers cannot both count the same room.
 */
async function assertWithinQuota(trx: Transaction<Tables>, dialect: SqlDialect, operator: string, adding: number, perHour: number): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, hashtext(${operator}))`.execute(trx);
  const since = new Date(Date.now() - HOUR_MS).toISOString();
  const rows = await trx.selectFrom('mail_sends').select(['recipients', 'created_at']).where('operator', '=', operator).where('created_at', '>', since).orderBy('created_at').execute();
  const counts = rows.map((row) => recipientCount(JSON.parse(row.recipients) as MailRecipients));
  const used = counts.reduce((sum, count) => sum + count, 0);
  if (used + adding <= perHour) return;
  // Room comes back as the hour's oldest sends leave it: the first moment there is enough.
  let left = used;
  let freeAt = Date.now() + HOUR_MS;
  for (const [index, row] of rows.entries()) {
    left -= counts[index];
    if (left + adding <= perHour) {
      freeAt = Date.parse(row.created_at) + HOUR_MS;
      break;
    }
  }
  throw new MailQuotaReached(used, perHour, Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)));
}

function sendOf(row: SendRow): MailSend {
  return {
    id: row.id,
    unit: row.unit,
    kind: row.kind as MailSend['kind'],
    ...(row.bill_type === null ? {} : { billType: row.bill_type, fy: row.fy ?? undefined, billno: row.billno ?? undefined }),
    ...(row.client_name === null ? {} : { clientName: row.client_name }),
    ...(row.period_from === null || row.period_to === null ? {} : { from: row.period_from, to: row.period_to }),
    recipients: JSON.parse(row.recipients) as MailRecipients,
    subject: row.subject,
    body: row.body,
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    dueAt: row.due_at,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    operator: row.operator,
  };
}

const now = () => new Date().toISOString();

/** A unit's settings as their audit rows hold them, before and after alike: whether a password is set, never it. */
function auditedSettings(row: Omit<MailSettingsTable, 'unit'>) {
  return {
    host: row.host,
    port: row.port,
    security: row.security,
    user: row.username,
    fromname: row.from_name,
    fromaddress: row.from_address,
    replyto: row.reply_to,
    passwordset: row.password_sealed !== '',
  };
}

/** Each unit's mail server, and the sends: queued in the database, claimed one at a time, never lost on a restart. */
export function mailStore(db: Db, dialect: SqlDialect) {
  return {
    async settings(unit: string): Promise<StoredMailSettings | undefined> {
      const row = await db.selectFrom('mail_settings').selectAll().where('unit', '=', unit).executeTakeFirst();
      if (!row) return undefined;
      return {
        host: row.host,
        port: row.port,
        security: row.security as MailSettings['security'],
        user: row.username,
        fromname: row.from_name,
        fromaddress: row.from_address,
        replyto: row.reply_to,
        passwordSealed: row.password_sealed,
      };
    },

    /** Saves a unit's settings, audited (the password never goes in the audit row). */
    async saveSettings(unit: string, settings: StoredMailSettings, operator: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const values = {
          host: settings.host,
          port: settings.port,
          security: settings.security,
          username: settings.user,
          password_sealed: settings.passwordSealed,
          from_name: settings.fromname,
          from_address: settings.fromaddress,
          reply_to: settings.replyto,
          updated_at: now(),
          updated_by: operator,
        };
        const before = await trx.selectFrom('mail_settings').selectAll().where('unit', '=', unit).executeTakeFirst();
        if (before) await trx.updateTable('mail_settings').set(values).where('unit', '=', unit).execute();
        else await trx.insertInto('mail_settings').values({ unit, ...values }).execute();
        await writeAudit(trx, 'mail-settings', operator, { unit, type: 'mail-settings', billno: 0 }, before ? auditedSettings(before) : null, auditedSettings(values));
      });
    },

    /** Queues a send, due at once; audited as the operator's. Throws MailQuotaReached past `recipientsPerHour`. */
    async enqueue(about: MailSubject, recipients: MailRecipients, subject: string, body: string, operator: string, options: EnqueueOptions = {}): Promise<number> {
      return db.transaction().execute(async (trx) => {
        if (options.recipientsPerHour !== undefined) await assertWithinQuota(trx, dialect, operator, recipientCount(recipients), options.recipientsPerHour);
        const at = now();
        const { id } = await trx
          .insertInto('mail_sends')
          .values({
            unit: about.unit,
            kind: about.kind,
            bill_type: about.billType ?? null,
            fy: about.fy ?? null,
            billno: about.billno ?? null,
            client_name: about.clientName ?? null,
            period_from: about.from ?? null,
            period_to: about.to ?? null,
            recipients: JSON.stringify(recipients),
            subject,
            body,
            status: options.sending ? 'sending' : 'queued',
            error: null,
            attempts: options.sending ? 1 : 0,
            due_at: at,
            created_at: at,
            sent_at: null,
            operator,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const audited = { id, ...(about.fy === undefined ? {} : { fy: about.fy }), ...recipients, subject, ...(about.clientName === undefined ? {} : { client: about.clientName, from: about.from, to: about.to }) };
        await writeAudit(trx, 'send', operator, { unit: about.unit, type: about.billType ?? about.kind, billno: about.billno ?? 0 }, null, audited);
        return id;
      });
    },

    async find(id: number): Promise<MailSend | undefined> {
      const row = await db.selectFrom('mail_sends').selectAll().where('id', '=', id).executeTakeFirst();
      return row && sendOf(row);
    },

    /** A bill's sends, newest first. */
    async ofBill(unit: string, billType: string, fy: number, billno: number): Promise<MailSend[]> {
      const rows = await db
        .selectFrom('mail_sends')
        .selectAll()
        .where('unit', '=', unit)
        .where('bill_type', '=', billType)
        .where('fy', '=', fy)
        .where('billno', '=', billno)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(sendOf);
    },

    /** A client's statements and reminders (not its bills' sends), newest first. */
    async ofClient(unit: string, clientName: string): Promise<MailSend[]> {
      const rows = await db.selectFrom('mail_sends').selectAll().where('unit', '=', unit).where('client_name', '=', clientName).orderBy('id', 'desc').execute();
      return rows.map(sendOf);
    },

    /**
     * How the latest send of each of these bills of a type went (the lists' mark), keyed `${fy}/${billno}`; a bill
     * never sent is absent.
     */
    async latestOfBills(unit: string, billType: string, bills: { fy: number; billno: number }[]): Promise<Map<string, MailSend['status']>> {
      const marks = new Map<string, MailSend['status']>();
      if (bills.length === 0) return marks;
      const rows = await db
        .selectFrom('mail_sends')
        .select(['fy', 'billno', 'status'])
        .where('unit', '=', unit)
        .where('bill_type', '=', billType)
        .where('billno', 'in', [...new Set(bills.map((bill) => bill.billno))])
        .orderBy('id', 'desc')
        .execute();
      const wanted = new Set(bills.map((bill) => `${bill.fy}/${bill.billno}`));
      for (const row of rows) {
        const key = `${row.fy}/${row.billno}`;
        if (wanted.has(key) && !marks.has(key)) marks.set(key, row.status);
      }
      return marks;
    },

    /** A unit's queued sends due by now, oldest first. */
    async due(limit: number, unit: string): Promise<{ sends: MailSend[] }> {
      const rows = await db
        .selectFrom('mail_sends')
        .selectAll()
        .where('status', '=', 'queued')
        .where('due_at', '<=', now())
        .where('unit', '=', unit)
        .orderBy('due_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return { sends: rows.map(sendOf) };
    },

    /** The units with a queued send due by now, and when the next one not yet due is. */
    async dueUnits(): Promise<{ units: string[]; next?: string }> {
      const at = now();
      const rows = await db.selectFrom('mail_sends').select('unit').distinct().where('status', '=', 'queued').where('due_at', '<=', at).execute();
      const next = await db.selectFrom('mail_sends').select('due_at').where('status', '=', 'queued').where('due_at', '>', at).orderBy('due_at').limit(1).executeTakeFirst();
      return { units: rows.map((row) => row.unit), next: next?.due_at };
    },

    /** Takes a queued send for this server (false when another server took it first). */
    async claim(id: number): Promise<boolean> {
      const result = await db.updateTable('mail_sends').set({ status: 'sending' }).where('id', '=', id).where('status', '=', 'queued').executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markSent(id: number): Promise<void> {
      await db.updateTable('mail_sends').set({ status: 'sent', error: null, sent_at: now() }).where('id', '=', id).execute();
    },

    /** A failure: queued again at `retryAt`, or failed for good when there is none. */
    async markFailed(id: number, error: string, attempts: number, retryAt?: string): Promise<void> {
      await db
        .updateTable('mail_sends')
        .set(retryAt ? { status: 'queued', error, attempts, due_at: retryAt } : { status: 'failed', error, attempts })
        .where('id', '=', id)
        .execute();
    },

    /** A send cut off by the server stopping: queued again as it was. */
    async requeue(id: number): Promise<void> {
      await db.updateTable('mail_sends').set({ status: 'queued' }).where('id', '=', id).where('status', '=', 'sending').execute();
    },

    /** Queues a failed send again, due at once, audited as the operator's send; false when it is not failed. */
    async retry(id: number, operator: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx.updateTable('mail_sends').set({ status: 'queued', attempts: 0, due_at: now() }).where('id', '=', id).where('status', '=', 'failed').executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        const send = sendOf(await trx.selectFrom('mail_sends').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
        const key = { unit: send.unit, type: send.billType ?? send.kind, billno: send.billno ?? 0 };
        const about = { id, ...(send.fy === undefined ? {} : { fy: send.fy }), ...send.recipients, subject: send.subject };
        await writeAudit(trx, 'send', operator, key, { ...about, status: 'failed' }, { ...about, status: 'queued' });
        return true;
      });
    },

    /**
     * Sends a stopped server left half-done are queued again at its start. One may then go twice (it may have been
     * accepted just before the stop), never zero times.
     */
    async requeueInterrupted(): Promise<void> {
      await db.updateTable('mail_sends').set({ status: 'queued' }).where('status', '=', 'sending').execute();
    },

    /** What a bill's balance is read by (storage.payments.balances), or undefined when there is no such bill. */
    async balanceSource(key: { unit: string; type: string; fy: number; billno: number }) {
      const row = await db
        .selectFrom('bills')
        .select(['id', 'bill_date', 'client_key', 'grand_total', 'deleted_at'])
        .where('unit', '=', key.unit)
        .where('type', '=', key.type)
        .where('fy', '=', key.fy)
        .where('billno', '=', key.billno)
        .executeTakeFirst();
      if (!row) return undefined;
      return { id: row.id, billDate: row.bill_date, clientKey: row.client_key ?? '', total: Number(row.grand_total ?? 0), cancelled: row.deleted_at !== null };
    },

    /** The e-mail address saved with a client (the Clients screen), '' when none. */
    async clientEmail(nameKey: string): Promise<string> {
      const row = await db.selectFrom('clients').select('contact').where('name_key', '=', nameKey).executeTakeFirst();
      const contact = row ? (JSON.parse(row.contact) as Record<string, string>) : {};
      return typeof contact.email === 'string' ? contact.email : '';
    },
  };
}

export type MailStore = ReturnType<typeof mailStore>;
