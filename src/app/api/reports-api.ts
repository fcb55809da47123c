import type { AxiosInstance } from 'axios';
import type { Gstr1Sections, Gstr3bOutward, Period } from '../../engine/core';

export type Money = { taxable: number; cgst: number; sgst: number; igst: number; roundoff: number; total: number };

/** A row of the sales register (issue 18); the client and date keys are the bill types' role field names. */
export type RegisterRow = Money & { billtype: string; billno: number } & Record<string, unknown>;

export interface SalesRegister {
  rows: RegisterRow[];
  totals: Money;
  cancelled: Array<{ billtype: string; billno: number } & Record<string, unknown>>;
}

export interface MonthSales {
  /** YYYY-MM */
  month: string;
  taxable: number;
  total: number;
}

export type ReportFile = 'csv' | 'xlsx' | 'gstr1';

export interface ReturnPeriod {
  fp: string;
  quarterly: boolean;
}

export interface ReportsApi {
  register(unit: string, period: Period, signal?: AbortSignal): Promise<SalesRegister>;
  salesByMonth(unit: string, financialYear: number, signal?: AbortSignal): Promise<MonthSales[]>;
  /** The file and the name the server gives it (Content-Disposition). */
  download(unit: string, file: 'csv' | 'xlsx', period: Period): Promise<ReportDownload>;
  gstr1(unit: string, period: ReturnPeriod): Promise<ReportDownload>;
  /** Issue 49: the period's sales and notes as a TallyPrime import file, XML or Excel. */
  tally(unit: string, period: Period, format: 'xml' | 'xlsx'): Promise<ReportDownload>;
  /** Issue 49: a month's GSTR-3B outward supplies (`fp` MMYYYY) and the same month's GSTR-1, read to show their totals side by side. */
  gstr3b(unit: string, fp: string, signal?: AbortSignal): Promise<{ gstr3b: Gstr3bAnswer; gstr1: Gstr1Sections }>;
  /** Issue 46: the TDS clients deducted from their payments in a period, as CSV (payments.json `endpoints.tdsReport`). */
  tdsReport(unit: string, endpoint: string, period: Period): Promise<ReportDownload>;
  /** The last day of the last month whose GSTR-1 the unit marked as filed, '' when none (issue 27). */
  filedUpTo(unit: string): Promise<string>;
  /**
   * Marks the unit's GSTR-1 filed up to `upto` (a month's last day, or '' for none); resolves with the server's msg.
   * Moving the mark back needs the operator's `password`.
   */
  markFiled(unit: string, upto: string, password?: string): Promise<string>;
}

export type Gstr3bAnswer = Gstr3bOutward & { gstin: string; ret_period: string };

export interface ReportDownload {
  blob: Blob;
  fileName: string;
  /** The audit chain's head when the file was made ("N:HASH", the x-audit-head header; issue 45), when the server says. */
  auditHead?: string;
}

/**
 * A file the operator pressed Download for goes again while the server is busy with the operator's other reports
 * (429): the Reports screen of a month itself holds all three slots (its register, GSTR-3B and GSTR-1) until they
 * load, and a download pressed meanwhile waited for them nowhere (CI saw GSTR-1's refused).
 */
const FILE_REQUEST = { responseType: 'blob', headers: { Accept: '*/*' }, retryWhenBusy: true } as const;

function fileNameOf(disposition: unknown, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(String(disposition ?? ''));
  return match ? match[1] : fallback;
}

export function createReportsApi(http: AxiosInstance): ReportsApi {
  const file = async (path: string, body: object, fallback: string): Promise<ReportDownload> => {
    const answer = await http.post<Blob>(path, body, FILE_REQUEST);
    const auditHead = answer.headers['x-audit-head'] as string | undefined;
    return { blob: answer.data, fileName: fileNameOf(answer.headers['content-disposition'], fallback), ...(auditHead && { auditHead }) };
  };
  return {
    async register(unit, period, signal) {
      const body = { ...period, format: 'json' };
      const { data } = await http.post<SalesRegister>(`/api/${unit}/salesregister`, body, { signal, retryWhenBusy: true });
      return data;
    },
    async salesByMonth(unit, financialYear, signal) {
      const body = { year: financialYear };
      const { data } = await http.post<{ months: MonthSales[] }>(`/api/${unit}/salesbymonth`, body, { signal, retryWhenBusy: true });
      return data.months;
    },
    download: (unit, format, period) =>
      file(`/api/${unit}/salesregister`, { ...period, format }, `SalesRegister_${unit}.${format}`),
    gstr1: (unit, period) => file(`/api/${unit}/gstr1`, period, `GSTR1_${period.fp}.json`),
    tally: (unit, period, format) => file(`/api/${unit}/tallyexport`, { ...period, format }, `Tally_${unit}.${format}`),
    async gstr3b(unit, fp, signal) {
      const [gstr3b, gstr1] = await Promise.all([
        http.post<Gstr3bAnswer>(`/api/${unit}/gstr3b`, { period: fp }, { signal, retryWhenBusy: true }),
        http.post<Gstr1Sections>(`/api/${unit}/gstr1`, { fp }, { signal, retryWhenBusy: true }),
      ]);
      return { gstr3b: gstr3b.data, gstr1: gstr1.data };
    },
    tdsReport: (unit, endpoint, period) => file(`/api/${unit}/${endpoint}`, { ...period, format: 'csv' }, `TDS_${unit}.csv`),
    async filedUpTo(unit) {
      const { data } = await http.post<{ upto: string | null }>(`/api/${unit}/getlock`, {});
      return data.upto ?? '';
    },
    async markFiled(unit, upto, password) {
      const { data } = await http.post<{ msg: string }>(`/api/${unit}/lockperiod`, { upto, ...(password !== undefined && { password }) });
      return data.msg;
    },
  };
}
