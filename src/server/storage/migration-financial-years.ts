import { sql, type Kysely, type Migration } from 'kysely';
import { DEFAULT_SERIES, printedBillNumber, type Registry } from '../../engine/core';
import type { SqlDialect } from './tables';

/** A bill date's financial year (its April-to-March year's first calendar year), in SQL both dialects run. */
const FY_OF_BILL_DATE = sql`cast(substr(bill_date, 1, 4) as integer) - (case when substr(bill_date, 6, 2) < '04' then 1 else 0 end)`;

/**
 * SQLite cannot drop a table's unique constraint: the table is made again with the new key (the way SQLite's
 * ALTER TABLE documentation prescribes), its rows and indexes kept. Foreign keys are off meanwhile, or
 * dropping the old table would delete every bill's tax lines by cascade.
 */
async function rekeySqliteBills(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_master where tbl_name = 'bills' and sql is not null`.execute(db);
  const table = rows.find((row) => row.type === 'table')?.sql ?? '';
  const indexes = rows.filter((row) => row.type === 'index').map((row) => row.sql ?? '');
  const rebuilt = table
    .replace(/^CREATE TABLE "?bills"?/i, 'create table "bills_rekeyed"')
    .replace(/constraint "bills_unit_type_billno" unique \("unit", "type", "billno"\)/i,
      'constraint "bills_unit_type_fy_billno" unique ("unit", "type", "fy", "billno")');
  if (!rebuilt.includes('bills_unit_type_fy_billno')) throw new Error('bills: the unique key to change was not found');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(rebuilt).execute(trx);
      await sql`insert into bills_rekeyed select * from bills`.execute(trx);
      await sql`drop table bills`.execute(trx);
      await sql`alter table bills_rekeyed rename to bills`.execute(trx);
      for (const index of indexes) await sql.raw(index).execute(trx);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * Bills whose type prints its number through a series other than the plain counter (the Tax Service Bill's
 * S/{n}) keep the number they were printed with.
 */
async function printedNumbers(db: Kysely<unknown>, registryOf: () => Registry): Promise<void> {
  await sql`update bills set printed_no = cast(billno as text)`.execute(db);
  const { rows } = await sql<{ type: string }>`select distinct type from bills`.execute(db);
  if (rows.length === 0) return;
  for (const { type } of rows) {
    const series = registryOf().byType(type)?.series ?? DEFAULT_SERIES;
    if (series === DEFAULT_SERIES) continue;
    const bills = await sql<{ id: number; billno: number; fy: number }>`
      select id, billno, fy from bills where type = ${type}`.execute(db);
    for (const bill of bills.rows) {
      const printed = printedBillNumber(series, Number(bill.billno), Number(bill.fy));
      await sql`update bills set printed_no = ${printed} where id = ${bill.id}`.execute(db);
    }
  }
}

/**
 * Issue 27: a bill is (unit, type, financial year, number). Every stored bill gets its year from its date
 * and keeps its number and printed number; conversions name both bills' years; the units' number series
 * (when a profile changes a type's) and each unit's "GSTR-1 filed up to" month get tables of their own.
 */
export function financialYears(dialect: SqlDialect, registryOf: () => Registry): Migration {
  return {
    async up(db) {
      await db.schema.alterTable('bills').addColumn('fy', 'integer', (col) => col.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('bills').addColumn('printed_no', 'text').execute();
      await sql`update bills set fy = ${FY_OF_BILL_DATE}`.execute(db);
      await printedNumbers(db, registryOf);
      if (dialect === 'postgres') {
        await sql`alter table bills drop constraint bills_unit_type_billno`.execute(db);
        await sql`alter table bills add constraint bills_unit_type_fy_billno unique (unit, type, fy, billno)`.execute(db);
      } else {
        await rekeySqliteBills(db);
      }
      await sql`create index bills_list_by_year on bills (unit, type, fy, deleted_at, billno)`.execute(db);

      for (const side of ['from', 'to'] as const) {
        await db.schema.alterTable('bill_conversions').addColumn(`${side}_fy`, 'integer').execute();
        await sql`update bill_conversions set ${sql.ref(`${side}_fy`)} = (
            select max(fy) from bills where bills.unit = bill_conversions.unit
              and bills.type = ${sql.ref(`bill_conversions.${side}_type`)} and bills.billno = ${sql.ref(`bill_conversions.${side}_billno`)})`.execute(db);
      }

      await db.schema
        .createTable('number_series')
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('format', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('updated_by', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('number_series_unit_type', ['unit', 'type'])
        .execute();
      await db.schema
        .createTable('filed_periods')
        .addColumn('unit', 'text', (col) => col.primaryKey())
        .addColumn('upto', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('updated_by', 'text', (col) => col.notNull())
        .execute();
    },
  };
}
