import { useCallback, useEffect, useMemo } from 'react';
import type { BillType, Catalog } from '../../core/registry/types';
import type { RegistryIndex } from '../../core/registry/registry';
import { catalogsOf, createCatalogStore } from '../../core/catalog-store';
import type { BillServices, BillUi, CatalogEntry } from '../contract';
import { useLatest } from '../controls/useLatest';
import { messageOf } from '../errors';

/**
 * The saved products and services a bill type's rows pick from: loaded once per screen, grown as the
 * operator saves new ones, so the suggestions and the "already saved" check stay in step.
 */
export function useCatalogStore(registry: RegistryIndex, billType: BillType, services: BillServices, ui: BillUi) {
  // A fresh store for each bill type: its rows may pick from other catalogs.
  const store = useMemo(() => createCatalogStore(), [billType]);
  // The app may hand new service objects on each render; the lists load once per bill type.
  const app = useLatest({ services, ui });

  useEffect(() => {
    let live = true;
    for (const name of catalogsOf(billType.rowsField.rows!)) {
      app.current.services.catalogEntries(registry.catalogs[name]).then(
        (entries) => live && store.replace(name, entries),
        (error: unknown) => live && app.current.ui.toastError(messageOf(error)),
      );
    }
    return () => {
      live = false;
    };
  }, [registry, billType, store, app]);

  const saveEntry = useCallback(
    async (catalog: Catalog, entry: CatalogEntry) => {
      await app.current.services.saveCatalogEntry(catalog, entry);
      store.add(catalog.name, entry);
    },
    [store, app],
  );

  return { store, saveEntry };
}
