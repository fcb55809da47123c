import type { Kysely } from 'kysely';
import type { SqlDialect } from './tables';

type Schema = Kysely<unknown>['schema'];

/** An auto-numbered primary key in each dialect (AUTOINCREMENT in SQLite so ids are never reused). */
export function withId(schema: Schema, table: string, dialect: SqlDialect) {
  return dialect === 'postgres'
    ? schema.createTable(table).addColumn('id', 'serial', (col) => col.primaryKey())
    : schema.createTable(table).addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
