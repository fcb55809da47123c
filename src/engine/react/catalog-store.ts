import { useSyncExternalStore } from 'react';
import type { CatalogEntry } from './contract';

/**
 * The saved products and services of one screen, outside React state: the form's context stays the
 * same object (so rjsf never re-derives its state when a list loads), and the lists that show the
 * suggestions subscribe to what they need.
 */
export interface CatalogStore {
  entries(catalog: string): CatalogEntry[];
  /** The entry with this name (trimmed, any case), if saved. */
  find(catalog: string, name: string): CatalogEntry | undefined;
  replace(catalog: string, entries: CatalogEntry[]): void;
  add(catalog: string, entry: CatalogEntry): void;
  subscribe(listener: () => void): () => void;
}

const NONE: CatalogEntry[] = [];

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function createCatalogStore(): CatalogStore {
  const lists = new Map<string, CatalogEntry[]>();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    entries: (catalog) => lists.get(catalog) ?? NONE,
    find: (catalog, name) => lists.get(catalog)?.find((entry) => sameName(entry.name, name)),
    replace(catalog, entries) {
      lists.set(catalog, entries);
      changed();
    },
    add(catalog, entry) {
      lists.set(catalog, [...(lists.get(catalog) ?? NONE), entry]);
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The names to suggest for a catalog, re-rendering the caller when the list changes. */
export function useCatalogNames(store: CatalogStore, catalog: string): string[] {
  const entries = useSyncExternalStore(store.subscribe, () => store.entries(catalog));
  return entries.map((entry) => entry.name);
}
