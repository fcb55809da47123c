import { useCallback, useEffect, useMemo } from 'react';
import type { RegistryIndex } from '../../core/registry/registry';
import type { BillType } from '../../core/registry/types';
import type { Row } from '../../core/rows';
import type { BillServices } from '../contract';
import type { ComboboxOption, ComboboxSource } from '../controls/Combobox';

/**
 * The saved clients of a bill screen: loaded once when it opens, offered as the client name's suggestions
 * (the address as each option's detail), and the values a picked client fills into this bill type's fields.
 */
export function useSavedClients(registry: RegistryIndex, billType: BillType, services: BillServices) {
  const spec = registry.clients;
  const store = useMemo(() => {
    let rows: Row[] = [];
    let options: readonly ComboboxOption[] = [];
    const listeners = new Set<() => void>();
    return {
      set(next: Row[]) {
        rows = next;
        options = next.map((row) => ({
          value: String(row[spec.key.name] ?? ''),
          detail: spec.fills.map((fill) => row[fill.name]).filter(Boolean).join(' · ') || undefined,
        }));
        listeners.forEach((listener) => listener());
      },
      rows: () => rows,
      source: {
        subscribe(listener: () => void) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        options: () => options,
      } satisfies ComboboxSource,
    };
  }, [spec]);

  useEffect(() => {
    let current = true;
    // Without saved clients the name is simply typed, as before: a failed load only loses the suggestions.
    services.savedClients?.().then((rows) => current && store.set(rows), () => undefined);
    return () => {
      current = false;
    };
  }, [services, store]);

  /** This bill type's field values of the client with this name (any case), or undefined when not saved. */
  const valuesOf = useCallback(
    (name: string): Row | undefined => {
      const wanted = name.trim().toLowerCase();
      const row = store.rows().find((client) => String(client[spec.key.name] ?? '').toLowerCase() === wanted);
      if (!row) return undefined;
      const values: Row = {};
      for (const field of [spec.key, ...spec.fills]) {
        if (billType.root.byName[field.name] && row[field.name] !== undefined) values[field.name] = row[field.name];
      }
      return values;
    },
    [store, spec, billType],
  );
  return { source: store.source, valuesOf, keyRole: spec.key.role };
}
