import axios, { type AxiosInstance } from 'axios';
import { OUTSTANDING_STATUSES, type BillTypeEntry } from '../../engine/core';
import { createBillServices } from './bill-services';
import { PDF_REQUEST } from './http-client';
import { deferredApi } from './deferred-api';
import type { AppApi, BillListQuery, BillListRow, SavedProfileAnswer } from './types';

interface ListResponse {
  bill: BillListRow[];
  total: number;
}

/**
 * The plain call plus the server's paging (`offset`, `limit`), sort and search; an empty
 * search is left out.
 */
function listRequest(billType: BillTypeEntry, { page, pageSize, search, sort, order, from, to, fy, cancelled, unpaid }: BillListQuery) {
  const trimmed = search.trim();
  return {
    billtype: billType.type,
    sort,
    order,
    offset: (page - 1) * pageSize,
    limit: pageSize,
    ...(trimmed ? { search: trimmed } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(fy ? { fy } : {}),
    ...(cancelled ? { cancelled } : {}),
    ...(unpaid ? { status: OUTSTANDING_STATUSES } : {}),
  };
}

export function createAppApi(http: AxiosInstance): AppApi {
  return {
    async login(email, password) {
      const { data } = await http.post<{ authToken: string }>('/api/auth/login', { email, password }, { anonymous: true });
      return data.authToken;
    },

    async logout(token) {
      // Past the shared interceptors: a refused sign-out (an expired token, say) is no news to someone leaving.
      const { baseURL, adapter } = http.defaults;
      await axios
        .post('/api/auth/logout', {}, { baseURL, adapter, headers: { Authorization: `Bearer ${token}` } })
        .catch(() => undefined);
    },

    async listBills(billType, query) {
      const { data } = await http.post<ListResponse>('/api/common/getbill', listRequest(billType, query));
      return { rows: data.bill, total: data.total };
    },

    async deleteBill(billType, billno, fy) {
      const body = { billtype: billType.type, billno, ...(fy && { fy }) };
      const { data } = await http.post<{ msg: string }>('/api/common/deletebill', body);
      return data.msg;
    },

    async restoreBill(billType, billno, fy) {
      const body = { billtype: billType.type, billno, ...(fy && { fy }) };
      const { data } = await http.post<{ msg: string }>('/api/common/restorebill', body);
      return data.msg;
    },

    async showPdf(billType, billno, copies, fy) {
      const body = { billtype: billType.type, billno, ...(copies !== undefined && { copies }), ...(fy && { fy }) };
      const { data } = await http.post<Blob>('/api/common/showpdf', body, PDF_REQUEST);
      return data;
    },

    async getProfile(unit) {
      const { data } = await http.post<{ profile: SavedProfileAnswer }>(`/api/${unit}/getprofile`, {});
      return data.profile;
    },

    async saveProfile(unit, profile) {
      const { data } = await http.post<{ msg: string }>(`/api/${unit}/saveprofile`, profile);
      return data.msg;
    },

    services: createBillServices(http),
    reports: deferredApi(() => import('./reports-api').then((module) => module.createReportsApi(http))),
    clients: deferredApi(() => import('./clients-api').then((module) => module.createClientsApi(http))),
    catalogs: deferredApi(() => import('./catalogs-api').then((module) => module.createCatalogsApi(http))),
    // Each loads with the first call of a screen that uses it.
    mail: deferredApi(() => import('./mail-api').then((module) => module.createMailApi(http))),
    account: deferredApi(() => import('../auth/account-api').then((module) => module.createAccountApi(http))),
    operators: deferredApi(() => import('../operators/operators-api').then((module) => module.createOperatorsApi(http))),
    audit: deferredApi(() => import('../audit/audit-api').then((module) => module.createAuditApi(http))),
    receivables: deferredApi(() => import('../receivables/receivables-api').then((module) => module.createReceivablesApi(http))),
    eway: deferredApi(() => import('../eway/eway-api').then((module) => module.createEwayBillApi(http))),
    share: deferredApi(() => import('../share/share-api').then((module) => module.createShareApi(http))),
    payments: deferredApi(() => import('../payments/payments-api').then((module) => module.createPaymentsApi(http))),
    contracts: deferredApi(() => import('../contracts/contracts-api').then((module) => module.createContractsApi(http))),
    stock: deferredApi(() => import('../stock/stock-api').then((module) => module.createStockApi(http))),
      };
}
