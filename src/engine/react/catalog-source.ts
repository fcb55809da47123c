import type { CatalogEntry, CatalogStore } from '../core/catalog-store';
import type { ComboboxOption, ComboboxSource } from './controls/Combobox';

const sources = new WeakMap<CatalogStore, Map<string, ComboboxSource>>();
const optionsOf = new WeakMap<readonly CatalogEntry[], ComboboxOption[]>();

/**
 * The saved entries of one catalog as a Combobox source. One source per store and catalog, and one
 * options array per list of entries, so an open list re-renders only when the entries change.
 */
export function catalogSource(store: CatalogStore, catalog: string): ComboboxSource {
  let byCatalog = sources.get(store);
  if (!byCatalog) sources.set(store, (byCatalog = new Map()));
  let source = byCatalog.get(catalog);
  if (!source) {
    source = {
      subscribe: store.subscribe,
      options() {
        const entries = store.entries(catalog);
        let options = optionsOf.get(entries);
        if (!options) optionsOf.set(entries, (options = entries.map((entry) => ({ value: entry.name }))));
        return options;
      },
    };
    byCatalog.set(catalog, source);
  }
  return source;
}
