import type { AxiosInstance } from 'axios';
import type { BillTypeEntry, Catalog, Row, SellerProfile } from '../../engine/core';
import type { BillServices, CatalogEntry, StockedProduct } from '../../engine/react/contract';
import { ApiError } from './error-message';
import { PDF_REQUEST } from './http-client';
import { registry } from '../registry';
import { stockPath } from '../stock/stock-paths';
import { showSuccessToast } from '../ui/toasts';

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

/** The file name of a Content-Disposition header: its UTF-8 `filename*`, else `filename`. */
export function fileNameOf(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoding: the plain name below serves.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1];
}

/** The save's note of products sold beyond what was left (`x-stock-warnings`: JSON of { product, left, wanted }). */
function stockWarning(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  try {
    const short = JSON.parse(decodeURIComponent(header)) as Array<{ product: string; left: number; wanted: number }>;
    const each = short.map(({ product, left, wanted }) => `${product} (${wanted} sold, ${left} was left)`);
    return each.length ? `Sold more than in stock: ${each.join(', ')}.` : undefined;
  } catch {
    return undefined;
  }
}

/** The form engine's view of the API (contract.ts), over spec 7's calls. */
export function createBillServices(http: AxiosInstance): BillServices {
  return {
    async nextBillNumber(billType: BillTypeEntry, date?: string) {
      const body = { billtype: billType.type, ...(date && { date }) };
      const { data } = await http.post<{ billno: { billno: number } }>('/api/common/getbillno', body);
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
      const convertfrom = convertedFrom && {
        billtype: convertedFrom.billType.type,
        billno: convertedFrom.billno,
        ...(convertedFrom.fy && { fy: convertedFrom.fy }),
      };
      const body = { ...payload, method, type: billType.type, ...(convertfrom && { convertfrom }) };
      const { data, headers } = await http.post<Blob>(billType.createPath, body, PDF_REQUEST);
      // The server names the file by the bill's printed number (its unit's series), which only it knows for sure.
      const fileName = fileNameOf(headers['content-disposition']);
      // Issue 33: goods over their route's limit need an e-way bill before they move (the server's words).
      const ewayNotice = headers['x-ewb-notice'] as string | undefined;
      if (ewayNotice) showSuccessToast(decodeURIComponent(ewayNotice));
      // Issue 48: a unit that allows selling beyond stock saves, and says what went short.
      const short = stockWarning(headers['x-stock-warnings']);
      if (short) showSuccessToast(short);
      return fileName ? new File([data], fileName, { type: data.type }) : data;
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

    async filedUpTo(unit) {
      const { data } = await http.post<{ upto: string | null }>(`/api/${unit}/getlock`, {});
      return data.upto ?? '';
    },

    async stockOnHand(unit) {
      const { data } = await http.post<{ stock: StockedProduct[] }>(stockPath('getstock'), { unit });
      return data.stock;
    },

    async serialsInStock(unit, product) {
      const { data } = await http.post<{ serials: Array<{ serial: string }> }>(stockPath('getserials'), { unit, product, status: 'instock' });
      return data.serials.map((row) => row.serial);
    },

    async loadBill(billType, billno, fy) {
      try {
        const body = { billtype: billType.type, billno, ...(fy && { fy }) };
        const { data } = await http.post<{ bill: Row }>(billType.getPath, body);
        return withoutIds(data.bill) as Row;
      } catch (error) {
        if (error instanceof ApiError && error.status === NOT_FOUND) return null;
        throw error;
      }
    },
  };
}
