import type { AxiosInstance } from 'axios';
import type { Row } from '../../engine/core';
import { registry } from '../registry';

/**
 * A saved client as getclient answers it: `_id`, the bill fields' values under their names (client name,
 * address, GSTIN), the contact details (phone, e-mail), how many bills name it and when it was last billed.
 */
export type SavedClient = Row & { _id: string; billCount: number; lastBilled?: string };

/** A bill of one client (getclientbills): its type, number, date (under its date field's name) and total. */
export type ClientBill = Row & { billtype: string; billno: number; total: number };

export interface ClientListQuery {
  /** Any part of the name, any case; empty for all. */
  search: string;
  offset: number;
  limit: number;
}

/** The Clients screen's calls (issue 16), named by schemas/clients.json's endpoints and list key. */
export interface ClientsApi {
  list(query: ClientListQuery): Promise<{ clients: SavedClient[]; total: number }>;
  /** Creates (no `_id`) or updates; resolves with the server's msg, rejects with it (bad GSTIN: 400, a taken name: 409). */
  save(client: Row): Promise<string>;
  remove(id: string): Promise<string>;
  /** The client's bills across every bill type, newest first. */
  bills(name: string): Promise<ClientBill[]>;
}

export function createClientsApi(http: AxiosInstance): ClientsApi {
  const { endpoints, listKey, key } = registry.clients;
  const path = (endpoint: string) => `/api/common/${endpoint}`;
  return {
    async list({ search, offset, limit }) {
      const trimmed = search.trim();
      const params = { offset, limit, ...(trimmed ? { search: trimmed } : {}) };
      const { data } = await http.get<Record<string, unknown>>(path(endpoints.list), { params });
      return { clients: (data[listKey] ?? []) as SavedClient[], total: Number(data.total ?? 0) };
    },
    async save(client) {
      const { data } = await http.post<{ msg: string }>(path(endpoints.save), client);
      return data.msg;
    },
    async remove(id) {
      const { data } = await http.post<{ msg: string }>(path(endpoints.delete), { _id: id });
      return data.msg;
    },
    async bills(name) {
      const { data } = await http.post<{ bill: ClientBill[] }>(path(endpoints.bills), { [key.name]: name });
      return data.bill;
    },
  };
}
