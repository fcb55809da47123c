import type { AxiosInstance } from 'axios';
import type { EwayBillFile } from '../../engine/core/eway-bill';
import type { EwayBillReply, IrnReply } from '../../engine/core/portal-replies';
import type { BillTypeEntry } from '../../engine/core';

/** A bill as the e-way bill calls name it: type, number and (another year's bill) its financial year. */
export interface EwayBillRef {
  billType: BillTypeEntry;
  billno: number;
  fy?: string;
}

/**
 * Issue 33: the e-way bill portal's bulk-upload file of bills and the answer typed back; a bill's e-invoice. Spread into the mail
 * calls' chunk (mail-api.ts), as the receivables' calls are, so the shell names no further chunk.
 */
export interface EwayBillApi {
  ewayBillFile(bills: EwayBillRef[]): Promise<EwayBillFile>;
  /** Every bill of a unit dated in the period whose goods need an e-way bill (over their route's limit). */
  ewayBillPeriod(unit: string, period: { from: string; to: string }): Promise<EwayBillFile>;
  saveEwayBill(bill: EwayBillRef, reply: EwayBillReply): Promise<string>;
  /** The bill as the IRP's INV-01 document (B2B invoices and notes). */
  eInvoiceFile(bill: EwayBillRef): Promise<{ DocDtls: { No: string } }>;
  /** The IRP's answer typed back (issue 50): the PDF prints the IRN, acknowledgement and signed QR from then on. */
  saveIrn(bill: EwayBillRef, reply: IrnReply): Promise<string>;
  /** The bill's IRN and acknowledgement, when the IRP's answer was typed back; null otherwise. */
  irnOf(bill: EwayBillRef): Promise<{ Irn: string; AckNo: string; AckDt: string } | null>;
  /** Every B2B bill and note of a unit dated in the period, as INV-01 documents. */
  eInvoicePeriod(unit: string, period: { from: string; to: string }): Promise<unknown[]>;
}

const refBody = ({ billType, billno, fy }: EwayBillRef) => ({ billtype: billType.type, billno, ...(fy && { fy }) });

export function createEwayBillApi(http: AxiosInstance): EwayBillApi {
  return {
    async ewayBillFile(bills) {
      const unit = bills[0]?.billType.unit;
      return (await http.post<EwayBillFile>(`/api/${unit}/ewaybill`, { bills: bills.map(refBody) })).data;
    },
    async ewayBillPeriod(unit, { from, to }) {
      return (await http.post<EwayBillFile>(`/api/${unit}/ewaybill`, { from, to })).data;
    },
    async eInvoiceFile(bill) {
      return (await http.post<{ DocDtls: { No: string } }>(`/api/${bill.billType.unit}/einvoice`, refBody(bill))).data;
    },
    async irnOf(bill) {
      type Answer = { irn: { Irn: string; AckNo: string; AckDt: string } | null };
      return (await http.post<Answer>(`/api/${bill.billType.unit}/getirn`, refBody(bill))).data.irn;
    },
    async eInvoicePeriod(unit, { from, to }) {
      return (await http.post<unknown[]>(`/api/${unit}/einvoice`, { from, to })).data;
    },
    async saveIrn(bill, reply) {
      return (await http.post<{ msg: string }>(`/api/${bill.billType.unit}/saveirn`, { ...refBody(bill), ...reply })).data.msg;
    },
    async saveEwayBill(bill, reply) {
      return (await http.post<{ msg: string }>(`/api/${bill.billType.unit}/saveewb`, { ...refBody(bill), ...reply })).data.msg;
    },
  };
}
