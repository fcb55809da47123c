/**
 * Tables looked up by names that may come from a request (a bill's keys, a `sort`, a command): a name such
 * as `constructor`, `toString` or `__proto__` must find nothing, as any unknown name does, rather than
 * something a plain object inherits from its prototype.
 */

/** A table without a prototype: only the names given are in it, and `__proto__` is a name like any other. */
export function lookupTable<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const table = Object.create(null) as Record<string, T>;
  for (const [name, value] of entries) table[name] = value;
  return table;
}

/** The table's own value for a name, never one inherited from its prototype. */
export function ownValue<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}
