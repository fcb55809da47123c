import { sql, type RawBuilder } from 'kysely';
import type { SqlDialect } from './tables';

/**
 * `column` is one of `values`, the whole list bound as one parameter: a JSON array that SQLite's json_each reads as a
 * table, a PostgreSQL array. A caller-sized list (a list page of up to 1,000 bills, or every bill of a type for the
 * spec's unpaged list) is then one short statement of any length, where `in (?, ?, ...)` grows with the list up to
 * SQLite's 32,766 bound parameters and an OR per item hits its expression depth of 1,000.
 */
export function isOneOf(dialect: SqlDialect, column: string, values: readonly number[]): RawBuilder<boolean> {
  const list = [...new Set(values)];
  return dialect === 'postgres'
    ? sql<boolean>`${sql.ref(column)} = any(cast(${list} as bigint[]))`
    : sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(list)}))`;
}
