import type { AxiosInstance } from 'axios';
import type { BillTypeEntry } from '../../engine/core';
import { shareBill, type SharedBill } from './share-bill';

/** A list row's bill: its number and financial year ("2026-27"). */
export interface YearBill {
  billno: number;
  fy: string;
}

export type SendMark = 'queued' | 'sent' | 'failed';

/** Issue 32 parts 2 and 4: the lists' marks of what was e-mailed, and a bill's WhatsApp message. */
export interface ShareApi {
  /** How each bill's latest e-mail went, keyed `${fy}/${billno}` (a bill never sent is absent). */
  marks(billType: BillTypeEntry, bills: YearBill[]): Promise<Map<string, SendMark>>;
  message(billType: BillTypeEntry, billno: number, fy?: string): Promise<{ phone: string; message: string; link: string }>;
  /** Share: the PDF to the share sheet, or wa.me with the bill's message and the PDF downloaded (share-bill.ts). */
  shareBill(bill: SharedBill): Promise<void>;
}


export function createShareApi(http: AxiosInstance): ShareApi {
  const api: ShareApi = {
    async marks(billType, bills) {
      const { data } = await http.post<{
        marks: (YearBill & { status: SendMark })[];
      }>('/api/common/getsendmarks', { billtype: billType.type, bills });
      return new Map(data.marks.map((mark) => [`${mark.fy}/${mark.billno}`, mark.status]));
    },
    async message(billType, billno, fy) {
      const { data } = await http.post<{
        phone: string;
        message: string;
        link: string;
      }>('/api/common/getsharemessage', {
        billtype: billType.type,
        billno,
        ...(fy && { fy }),
      });
      return data;
    },
    shareBill: (bill) => shareBill(api, bill),
  };
  return api;
}
