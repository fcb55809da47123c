import type { AxiosInstance } from 'axios';
import type { AuditEntry } from '../../engine/core';

/** The Audit screen's filters (all optional): days as YYYY-MM-DD, a document type and an action of getaudit's choices. */
export interface AuditFilters {
  from?: string;
  to?: string;
  operator?: string;
  document?: string;
  action?: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
  /** The filters' choices, as the server knows them. */
  operators: string[];
  documents: { value: string; label: string }[];
  actions: string[];
}

export interface AuditVerdict {
  ok: boolean;
  rows: number;
  head: string;
  msg: string;
}

/** A bill as getbill names it: its type, number and, for another year than this one, its financial year. */
export interface AuditedBill {
  billtype: string;
  billno: number;
  fy?: string;
}

/** Issue 45: the audit trail's calls (the Audit screen, a bill's History). The server checks each role. */
export interface AuditApi {
  list(filters: AuditFilters, page: number, pageSize: number): Promise<AuditPage>;
  /** The filtered entries as CSV, under the name the server gives it. */
  csv(filters: AuditFilters): Promise<{ blob: Blob; fileName: string }>;
  /** Walks the whole chain; `head` (N:HASH) given out earlier is checked too. */
  verify(head?: string): Promise<AuditVerdict>;
  /** A bill's changes, oldest first. */
  billHistory(bill: AuditedBill): Promise<AuditEntry[]>;
}

/** Only the filters that say something: an empty choice means "any". */
function givenFilters(filters: AuditFilters): AuditFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as AuditFilters;
}

function fileNameOf(disposition: unknown): string {
  return /filename="([^"]+)"/.exec(String(disposition ?? ''))?.[1] ?? 'audit.csv';
}

export function createAuditApi(http: AxiosInstance): AuditApi {
  const post = async <T>(path: string, body: object) => (await http.post<T>(path, body)).data;
  return {
    list: (filters, page, pageSize) => post<AuditPage>('/api/common/getaudit', { ...givenFilters(filters), page, pageSize }),
    async csv(filters) {
      const answer = await http.post<Blob>('/api/common/getauditcsv', givenFilters(filters), { responseType: 'blob', headers: { Accept: '*/*' } });
      return { blob: answer.data, fileName: fileNameOf(answer.headers['content-disposition']) };
    },
    verify: (head) => post<AuditVerdict>('/api/common/verifyaudit', head ? { head } : {}),
    billHistory: async (bill) => (await post<{ entries: AuditEntry[] }>('/api/common/getbillhistory', bill)).entries,
  };
}
