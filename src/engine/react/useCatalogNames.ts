import { useSyncExternalStore } from 'react';
import type { CatalogStore } from '../core/catalog-store';

/** The names to suggest for a catalog, re-rendering the caller when the list changes. */
export function useCatalogNames(store: CatalogStore, catalog: string): string[] {
  const entries = useSyncExternalStore(store.subscribe, () => store.entries(catalog));
  return entries.map((entry) => entry.name);
}
