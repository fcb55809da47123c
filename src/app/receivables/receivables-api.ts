import type { AxiosInstance } from 'axios';
import type { SendLogEntry } from '../api/mail-api';
import { remindOnWhatsApp } from './remind';

/** What a client owes, aged by days past due (POST /api/{unit}/receivables), in rupees. */
export interface ClientReceivable {
  clientname: string;
  outstanding: number;
  notdue: number;
  d1_30: number;
  d31_60: number;
  d61_90: number;
  d90plus: number;
  /** The due date of the oldest bill with a balance (YYYY-MM-DD), '' or null when none. */
  oldestdue: string | null;
}

export interface Receivables {
  asof: string;
  clients: ClientReceivable[];
  total: number;
}

export type ClientMailKind = 'statement' | 'reminder';

/** A statement's period (YYYY-MM-DD). */
export interface Period {
  from: string;
  to: string;
}

export interface ClientMailDraft {
  to: string[];
  cc: string[];
  subject: string;
  body: string;
}

export interface ClientSend extends SendLogEntry {
  kind: ClientMailKind;
  period?: Period;
}

/**
 * Issue 29 items 3-5 and issue 32 parts 2-4: receivables, a client's statement, reminders on WhatsApp and by e-mail,
 * and what was e-mailed to the client. One module, loaded with the first call.
 */
export interface ReceivablesApi {
  receivables(unit: string, asof?: string): Promise<Receivables>;
  statementFile(unit: string, clientname: string, period: Period, format: 'pdf' | 'csv'): Promise<{ blob: Blob; fileName: string }>;
  /** The wa.me link of the client's overdue bills, and which bills it names. */
  reminder(unit: string, clientname: string): Promise<{ link: string; overdue: string[] }>;
  /** "Remind on WhatsApp": opens the reminder's wa.me link (remind.ts). */
  remindOnWhatsApp(unit: string, clientname: string): Promise<void>;
  clientDraft(unit: string, kind: ClientMailKind, clientname: string, period?: Period): Promise<ClientMailDraft>;
  sendClientMail(unit: string, kind: ClientMailKind, clientname: string, mail: ClientMailDraft, period?: Period): Promise<string>;
  clientLog(unit: string, clientname: string): Promise<ClientSend[]>;
}

const FILE_REQUEST = {
  responseType: 'blob',
  headers: { Accept: '*/*' },
} as const;

function fileNameOf(disposition: unknown, fallback: string): string {
  const match = /filename\*=UTF-8''([^;]+)/i.exec(String(disposition ?? '')) ?? /filename="([^"]+)"/.exec(String(disposition ?? ''));
  return match ? decodeURIComponent(match[1]) : fallback;
}

export function createReceivablesApi(http: AxiosInstance): ReceivablesApi {
  const post = async <T>(path: string, body: object) => (await http.post<T>(path, body)).data;
  const api: ReceivablesApi = {
    remindOnWhatsApp: (unit, clientname) => remindOnWhatsApp(api, unit, clientname),
    receivables: (unit, asof) => post<Receivables>(`/api/${unit}/receivables`, asof ? { asof } : {}),
    async statementFile(unit, clientname, period, format) {
      const answer = await http.post<Blob>(`/api/${unit}/statement`, { clientname, ...period, format }, FILE_REQUEST);
      return {
        blob: answer.data,
        fileName: fileNameOf(answer.headers['content-disposition'], `Statement-${clientname}.${format}`),
      };
    },
    reminder: (unit, clientname) =>
      post<{ link: string; overdue: string[] }>(`/api/${unit}/reminder`, {
        clientname,
      }),
    clientDraft: (unit, kind, clientname, period) =>
      post<ClientMailDraft>(`/api/${unit}/getclientmaildraft`, {
        clientname,
        kind,
        ...period,
      }),
    async sendClientMail(unit, kind, clientname, mail, period) {
      const endpoint = kind === 'statement' ? 'sendstatement' : 'sendreminder';
      const body = {
        clientname,
        ...period,
        mailto: mail.to,
        cc: mail.cc,
        subject: mail.subject,
        body: mail.body,
      };
      return (await post<{ msg: string }>(`/api/${unit}/${endpoint}`, body)).msg;
    },
    clientLog: async (unit, clientname) =>
      (
        await post<{ sends: ClientSend[] }>(`/api/${unit}/getclientsendlog`, {
          clientname,
        })
      ).sends,
  };
  return api;
}
