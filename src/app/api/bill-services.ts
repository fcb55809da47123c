import type { AxiosInstance } from 'axios';
import type { BillType, Catalog, Row, SellerProfile } from '../../engine/core';
import type { BillServices, CatalogEntry } from '../../engine/react/contract';
import { ApiError } from './error-message';
import { PDF_REQUEST } from './http-client';
import { registry } from '../registry';

const NOT_FOUND = 404;

/** Stored rows carry database ids (`_id`) the form must not send back (spec 4). */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== '_id')
      .map(([key, inner]) => [key, withoutIds(inner)]),
  );
}

function entryOf(catalog: Catalog, item: Record<string, unknown>): CatalogEntry {
  const fills = Object.fromEntries(catalog.fills.filter((name) => name in item).map((name) => [name, item[name]]));
  return { name: String(item[catalog.nameKey] ?? ''), fills };
}

/** The form engine's view of the API (contract.ts), over spec 7's calls. */
export function createBillServices(http: AxiosInstance): BillServices {
  return {
    async nextBillNumber(billType: BillType) {
      const { data } = await http.post<{ billno: { billno: number } }>('/api/common/getbillno', { billtype: billType.type });
      return Number(data.billno.billno) + 1;
    },

    async catalogEntries(catalog) {
      const { data } = await http.get<Record<string, Record<string, unknown>[]>>(`/api/common/${catalog.get}`);
      return (data[catalog.listKey] ?? []).map((item) => entryOf(catalog, item));
    },

    async saveCatalogEntry(catalog, entry) {
      await http.post(`/api/common/${catalog.save}`, { [catalog.nameKey]: entry.name, ...entry.fills });
    },

    async submitBill(billType, method, payload, convertedFrom) {
      const convertfrom = convertedFrom && { billtype: convertedFrom.billType.type, billno: convertedFrom.billno };
      const body = { ...payload, method, type: billType.type, ...(convertfrom && { convertfrom }) };
      const { data } = await http.post<Blob>(billType.createPath, body, PDF_REQUEST);
      return data;
    },

    async savedClients() {
      const { endpoints, listKey } = registry.clients;
      const { data } = await http.get<Record<string, Row[]>>(`/api/common/${endpoints.list}`);
      return data[listKey] ?? [];
    },

    async sellerProfile(unit) {
      const { data } = await http.post<{ profile: SellerProfile & { version: number } }>(`/api/${unit}/getprofile`, {});
      return { ...data.profile, version: String(data.profile.version) };
    },

    async loadBill(billType, billno) {
      try {
        const { data } = await http.post<{ bill: Row }>(billType.getPath, { billtype: billType.type, billno });
        return withoutIds(data.bill) as Row;
      } catch (error) {
        if (error instanceof ApiError && error.status === NOT_FOUND) return null;
        throw error;
      }
    },
  };
}
