import type { AxiosInstance } from 'axios';
import type { Catalog } from '../../engine/core';

/** A saved product or service as the Products & Services screen shows it: its name and its fills as text. */
export interface SavedEntry {
  _id: string;
  name: string;
  fills: Record<string, string>;
  /** Issue 48: what the entry keeps besides its fills (stock on a list that may be stocked), as saved. */
  extra?: Record<string, unknown>;
}

/** The Products & Services screen's calls (issue 30): the spec's list and save calls, and edit and delete. */
export interface CatalogsApi {
  list(catalog: Catalog): Promise<SavedEntry[]>;
  /** Adds an entry (or updates the one of its name); resolves with the server's msg. */
  add(catalog: Catalog, name: string, fills: Record<string, string>, extra?: Record<string, unknown>): Promise<string>;
  /** Renames an entry and replaces its fills as given (an emptied one is cleared). */
  update(catalog: Catalog, id: string, name: string, fills: Record<string, string>, extra?: Record<string, unknown>): Promise<string>;
  remove(catalog: Catalog, id: string): Promise<string>;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export function createCatalogsApi(http: AxiosInstance): CatalogsApi {
  const post = async (path: string, body: object) => (await http.post<{ msg: string }>(path, body)).data.msg;
  return {
    async list(catalog) {
      const { data } = await http.get<Record<string, Array<Record<string, unknown>>>>(`/api/common/${catalog.get}`);
      return (data[catalog.listKey] ?? []).map((entry) => ({
        _id: text(entry._id),
        name: text(entry[catalog.nameKey]),
        fills: Object.fromEntries(catalog.fills.map((fill) => [fill, text(entry[fill])])),
        extra: entry,
      }));
    },
    add: (catalog, name, fills, extra) => post(`/api/common/${catalog.save}`, { ...extra, [catalog.nameKey]: name, ...fills }),
    update: (catalog, id, name, fills, extra) =>
      post('/api/common/updatecatalogentry', { ...extra, catalog: catalog.name, _id: id, [catalog.nameKey]: name, ...fills }),
    remove: (catalog, id) => post('/api/common/deletecatalogentry', { catalog: catalog.name, _id: id }),
  };
}
