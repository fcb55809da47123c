import type { AxiosInstance } from 'axios';
import type { BillTypeEntry } from '../../engine/core';
import type { MailSettings, MailSettingsAnswer } from '../../engine/core/mail-settings';

/** A bill as the mail calls name it: type, number and (another year's bill) its financial year. */
export interface MailBill {
  billType: BillTypeEntry;
  billno: number;
  fy?: string;
}

export interface MailDraft {
  to: string[];
  cc: string[];
  subject: string;
  body: string;
}

/** One send of a bill, as getsendlog answers it. */
export interface SendLogEntry {
  _id: number;
  to: string[];
  cc: string[];
  subject: string;
  at: string;
  status: 'queued' | 'sent' | 'failed';
  error?: string;
  sentat?: string;
  attempts: number;
}

/** Issue 32: the units' mail settings and bills sent by e-mail, with their log. */
export interface MailApi {
  settings(unit: string): Promise<MailSettingsAnswer>;
  saveSettings(unit: string, settings: MailSettings & { password?: string }): Promise<string>;
  testMail(unit: string, to: string): Promise<string>;
  draft(bill: MailBill): Promise<MailDraft>;
  send(bill: MailBill, mail: MailDraft): Promise<string>;
  log(bill: MailBill): Promise<SendLogEntry[]>;
  retry(id: number): Promise<string>;
}

const billBody = ({ billType, billno, fy }: MailBill) => ({
  billtype: billType.type,
  billno,
  ...(fy && { fy }),
});

export function createMailApi(http: AxiosInstance): MailApi {
  const post = async <T>(path: string, body: object) => (await http.post<T>(path, body)).data;
  return {
    settings: async (unit) => (await post<{ settings: MailSettingsAnswer }>(`/api/${unit}/getmailsettings`, {})).settings,
    saveSettings: async (unit, settings) => (await post<{ msg: string }>(`/api/${unit}/savemailsettings`, settings)).msg,
    testMail: async (unit, to) => (await post<{ msg: string }>(`/api/${unit}/testmail`, { to })).msg,
    draft: (bill) => post<MailDraft>('/api/common/getmaildraft', billBody(bill)),
    send: async (bill, mail) =>
      (
        await post<{ msg: string }>('/api/common/sendbill', {
          ...billBody(bill),
          ...mail,
        })
      ).msg,
    log: async (bill) => (await post<{ sends: SendLogEntry[] }>('/api/common/getsendlog', billBody(bill))).sends,
    retry: async (id) => (await post<{ msg: string }>('/api/common/retrysend', { _id: id })).msg,
  };
}
