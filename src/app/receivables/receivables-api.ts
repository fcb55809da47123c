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

/** The figures summed over every client of the unit, whatever page or search is shown. */
export type ReceivablesTotals = Record<'outstanding' | 'notdue' | 'd1_30' | 'd31_60' | 'd61_90' | 'd90plus' | 'onaccount', number>;

export interface Receivables {
  asof: string;
  /** The clients asked for: a page of those matching the search, or every one. */
  clients: ClientReceivable[];
  /** How many clients match the search (every owing client without one). */
  count: number;
  totals: ReceivablesTotals;
  total: number;
}

/** A page of the receivables (issue 51): the server searches, orders and pages. */
export interface ReceivablesQuery {
  asof?: string;
  offset?: number;
  limit?: number;
  search?: string;
  sort?: 'outstanding' | 'name' | 'oldestdue';
}

/** A unit's day (POST /api/{unit}/today, issue 50): sales dated that day, bills due this week, clients past due. */
export interface UnitToday {
  asof: string;
  /** The last day of "this week" (asof + 6 days). */
  weekend: string;
  profilesaved: boolean;
  sales: { count: number; amount: number };
  due: {
    count: number;
    amount: number;
    bills: Array<{ billtype: string; fy: string; billno: number; printedno: string; clientname: string; billdate: string; duedate: string; balance: number }>;
  };
  overdue: { count: number; amount: number; clients: Array<{ clientname: string; overdue: number; oldestdue: string }> };
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
  /** Every owing client as of `asof` (today when not given), or the page `query` asks for. */
  receivables(unit: string, asof?: string, query?: Omit<ReceivablesQuery, 'asof'>): Promise<Receivables>;
  today(unit: string, asof?: string): Promise<UnitToday>;
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
    receivables: (unit, asof, query = {}) => post<Receivables>(`/api/${unit}/receivables`, { ...(asof && { asof }), ...query }),
    today: (unit, asof) => post<UnitToday>(`/api/${unit}/today`, asof ? { asof } : {}),
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
