import { distance } from 'fastest-levenshtein';
import type { ObjectSpec } from './registry/types';

/** An entry of a saved product or service list: its name and the line fields it fills (hsn, taxrate). */
export interface CatalogEntry {
  name: string;
  fills: Record<string, unknown>;
}

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
  /** Entries a saved bill named (issue 30): each replaces the one of its name, or is added. */
  learn(entries: Array<{ catalog: string; entry: CatalogEntry }>): void;
  subscribe(listener: () => void): () => void;
}

const NONE: CatalogEntry[] = [];

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function withoutBlanks(fills: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fills).filter(([, value]) => value !== undefined && value !== null && String(value).trim() !== ''));
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
    learn(entries) {
      if (!entries.length) return;
      for (const { catalog, entry } of entries) {
        const list = lists.get(catalog) ?? NONE;
        const at = list.findIndex((saved) => sameName(saved.name, entry.name));
        // A saved name keeps its first spelling, as the server keeps it; what the bill left empty stays as saved.
        const merged = at < 0 ? entry : { name: list[at].name, fills: { ...list[at].fills, ...withoutBlanks(entry.fills) } };
        lists.set(catalog, at < 0 ? [...list, merged] : list.map((saved, i) => (i === at ? merged : saved)));
      }
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Every catalog a row shape (nested rows included) picks names from. */
export function catalogsOf(spec: ObjectSpec): string[] {
  const names = spec.fields.flatMap((field) => (field.rows ? catalogsOf(field.rows) : field.catalog ? [field.catalog] : []));
  return [...new Set(names)];
}

/** How many letters a new name may differ by from a saved one before it is taken for a typo of it (issue 50). */
const TYPO_LETTERS = 2;

/**
 * The saved entry a new name is most likely a typo of ("Fuel Filter Element6" for "Fuel Filter Element"): the
 * closest within TYPO_LETTERS letters, any case; undefined when none is that close or the name is saved as it is.
 */
export function nearEntry(entries: readonly CatalogEntry[], name: string): CatalogEntry | undefined {
  const typed = name.trim().toLowerCase();
  let nearest: { entry: CatalogEntry; letters: number } | undefined;
  for (const entry of entries) {
    const letters = distance(typed, entry.name.trim().toLowerCase());
    if (letters === 0) return undefined;
    if (letters <= TYPO_LETTERS && (!nearest || letters < nearest.letters)) nearest = { entry, letters };
  }
  return nearest?.entry;
}
