import type { Catalog, Registry } from '../../engine/core';

type Entry = Record<string, unknown>;

/** A few saved entries per list, so the grids' suggestions have something to offer. */
const SAMPLE_NAMES: Record<string, readonly string[]> = {
  product: ['Fuel injection pump', 'Nozzle holder assembly', 'Delivery valve'],
  service: ['Nozzle calibration', 'Injector servicing', 'Pump overhaul'],
};
const SAMPLE_FILLS: Record<string, string> = { hsn: '8413', taxrate: '18', rate: '1250', per: 'no' };

/** The saved product and service lists of spec 7 (entries with `_id`), one per catalog of the registry. */
export function createCatalogStore(registry: Registry) {
  const lists = new Map<string, Entry[]>();
  for (const catalog of Object.values(registry.catalogs)) {
    const names = SAMPLE_NAMES[catalog.nameKey] ?? [];
    lists.set(
      catalog.name,
      names.map((name, i) => ({
        _id: `${catalog.name}-${i + 1}`,
        [catalog.nameKey]: name,
        ...Object.fromEntries(catalog.fills.map((key) => [key, SAMPLE_FILLS[key] ?? ''])),
      })),
    );
  }

  return {
    list: (catalog: Catalog) => lists.get(catalog.name) ?? [],
    /** Saving a name already in the list updates it, as the real server does. */
    save(catalog: Catalog, body: Entry): string {
      const name = String(body[catalog.nameKey] ?? '');
      const list = lists.get(catalog.name) ?? [];
      const fills = Object.fromEntries(catalog.fills.map((key) => [key, body[key]]));
      const existing = list.find((entry) => String(entry[catalog.nameKey]).toLowerCase() === name.toLowerCase());
      if (existing) Object.assign(existing, fills);
      else list.push({ _id: `${catalog.name}-${list.length + 1}`, [catalog.nameKey]: name, ...fills });
      lists.set(catalog.name, list);
      return `Saved ${catalog.nameKey} "${name}".`;
    },
    /** The Products & Services screen's edit (issue 30): renames and replaces the fills, as the real server does. */
    update(catalog: Catalog, body: Entry): string {
      const entry = (lists.get(catalog.name) ?? []).find((saved) => saved._id === body._id);
      if (!entry) return `There is no saved ${catalog.nameKey} with _id ${String(body._id)}.`;
      Object.assign(entry, { [catalog.nameKey]: body[catalog.nameKey] }, Object.fromEntries(catalog.fills.map((key) => [key, body[key] ?? ''])));
      return `Saved ${catalog.nameKey} "${String(body[catalog.nameKey])}".`;
    },
    remove(catalog: Catalog, body: Entry): string {
      lists.set(catalog.name, (lists.get(catalog.name) ?? []).filter((saved) => saved._id !== body._id));
      return `Deleted the ${catalog.nameKey}.`;
    },
  };
}
