import { randomBytes } from 'node:crypto';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { Registry } from '../../engine/core';
import { buildClientsFromBills } from './client-backfill';
import { clientNameKeys } from './client-name-keys';
import { financialYears } from './migration-financial-years';
import { payments } from './migration-payments';
import { withId } from './migration-tools';
import { mailTables } from './migration-mail';
import { clientMailColumns } from './migration-client-mail';
import { moneyInIndexes } from './migration-money-in-indexes';
import { billRegistrations } from './migration-registrations';
import { operatorRoles } from './migration-operator-roles';
import { auditIndexes } from './migration-audit-indexes';
import { auditChain } from './migration-audit-chain';
import { paymentTds } from './migration-payment-tds';
import { advanceAdjustments } from './migration-advance-adjustments';
import { advanceRefunds } from './migration-advance-refunds';
import { contracts } from './migration-contracts';
import { stockTables } from './migration-stock';
import type { Db, SqlDialect, Tables } from './tables';


function initial(dialect: SqlDialect): Migration {
  return {
    async up(db) {
      await withId(db.schema, 'operators', dialect)
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();

      await withId(db.schema, 'catalog_entries', dialect)
        .addColumn('catalog', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('details', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('catalog_entries_catalog_name', ['catalog', 'name'])
        .execute();

      await withId(db.schema, 'bills', dialect)
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('billno', 'integer', (col) => col.notNull())
        .addColumn('bill_date', 'text', (col) => col.notNull())
        .addColumn('client_name', 'text', (col) => col.notNull())
        .addColumn('header', 'text', (col) => col.notNull())
        .addColumn('lines', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('updated_by', 'text', (col) => col.notNull())
        .addColumn('deleted_at', 'text')
        .addColumn('deleted_by', 'text')
        .addUniqueConstraint('bills_unit_type_billno', ['unit', 'type', 'billno'])
        .execute();

      await withId(db.schema, 'audit_log', dialect)
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('operator', 'text', (col) => col.notNull())
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('billno', 'integer', (col) => col.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .execute();
      await db.schema.createIndex('audit_log_bill').on('audit_log').columns(['unit', 'type', 'billno']).execute();
    },
  };
}

/** Failed sign-ins, in the database so that every server behind a load balancer counts the same ones. */
function signInFailures(dialect: SqlDialect): Migration {
  return {
    async up(db) {
      await withId(db.schema, 'sign_in_failures', dialect)
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('sign_in_failures_key_at').on('sign_in_failures').columns(['key', 'at']).execute();
      await db.schema.createIndex('sign_in_failures_at').on('sign_in_failures').column('at').execute();
    },
  };
}

/**
 * The list screen's queries (issue 6: 100,000 bills of a type): live bills of a type newest first, or by
 * client name (lower-cased, as the list sorts and searches it). Measured on 100,000 bills: a page 21 -> 3 ms,
 * a page sorted by client 48 -> 3 ms. Plain SQL: both dialects accept the expression index as written.
 */
function listIndexes(): Migration {
  return {
    async up(db) {
      await sql`create index bills_list_by_number on bills (unit, type, deleted_at, billno)`.execute(db);
      await sql`create index bills_list_by_client on bills (unit, type, deleted_at, lower(client_name), billno)`.execute(db);
    },
  };
}

/**
 * The list columns hold what the x-role billDate and clientName fields hold, whatever a bill type names
 * those fields, so they are named for the role. Databases made before 0001 said so were made with the
 * spec's field names (date, clientname): this renames them (the list index follows the column).
 */
function roleColumns(dialect: SqlDialect): Migration {
  return {
    async up(db) {
      if ((await billColumns(db, dialect)).has('bill_date')) return;
      await sql`alter table bills rename column date to bill_date`.execute(db);
      await sql`alter table bills rename column clientname to client_name`.execute(db);
    },
  };
}

/**
 * Issue 18: each bill's figures (core billFigures, the PDF's own totals) in whole paise beside it, its GST
 * per HSN + rate in bill_tax_lines, and the index the reports read by (unit, bill date). The figures of bills
 * stored before this are computed at start-up (bill-figures.ts fillMissingFigures: it needs the schemas).
 */
function billFigures(dialect: SqlDialect): Migration {
  return {
    async up(db) {
      for (const column of ['taxable', 'cgst', 'sgst', 'igst', 'round_off', 'grand_total']) {
        await db.schema.alterTable('bills').addColumn(column, 'bigint').execute();
      }
      await db.schema.alterTable('bills').addColumn('client_gstin', 'text').execute();
      await withId(db.schema, 'bill_tax_lines', dialect)
        .addColumn('bill_id', 'integer', (col) => col.notNull().references('bills.id').onDelete('cascade'))
        .addColumn('hsn', 'text', (col) => col.notNull())
        .addColumn('rate', 'text', (col) => col.notNull())
        .addColumn('taxable', 'bigint', (col) => col.notNull())
        .addColumn('cgst', 'bigint', (col) => col.notNull())
        .addColumn('sgst', 'bigint', (col) => col.notNull())
        .addColumn('igst', 'bigint', (col) => col.notNull())
        .addColumn('qty_micro', 'bigint', (col) => col.notNull())
        .addColumn('uqc', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('bill_tax_lines_bill').on('bill_tax_lines').column('bill_id').execute();
      await db.schema.createIndex('bills_by_unit_date').on('bills').columns(['unit', 'bill_date']).execute();
    },
  };
}

/** Signed-out tokens (their JWT id), kept until they would have expired anyway. */
function revokedTokens(): Migration {
  return {
    async up(db) {
      await db.schema
        .createTable('revoked_tokens')
        .addColumn('token_id', 'text', (col) => col.primaryKey())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('revoked_tokens_expires_at').on('revoked_tokens').column('expires_at').execute();
    },
  };
}

/** Business profiles, one per unit (issue 17): the letterhead, bank and UPI details, terms, logo and signature. */
function businessProfiles(): Migration {
  return {
    async up(db) {
      await db.schema
        .createTable('business_profiles')
        .addColumn('unit', 'text', (col) => col.primaryKey())
        .addColumn('profile', 'text', (col) => col.notNull())
        .addColumn('print_images', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('updated_by', 'text', (col) => col.notNull())
        .execute();
    },
  };
}

/**
 * Saved clients (issue 16), unique by the database's lower(name), built once from the bills already stored.
 * The bills index on lower(client_name) answers each client's bill count, last bill date and bills.
 */
function clients(dialect: SqlDialect, registryOf: () => Registry): Migration {
  return {
    async up(db) {
      await withId(db.schema, 'clients', dialect)
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('name_key', 'text', (col) => col.notNull().unique())
        .addColumn('fills', 'text', (col) => col.notNull())
        .addColumn('contact', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await sql`create index bills_by_client on bills (lower(client_name), deleted_at, bill_date)`.execute(db);
      await buildClientsFromBills(db as Kysely<Tables>, registryOf);
    },
  };
}

/**
 * Which bill each quotation was converted to (issue 14): one row per conversion, so a quotation converted
 * twice keeps both; the latest is the one shown.
 */
function conversions(dialect: SqlDialect): Migration {
  return {
    async up(db) {
      await withId(db.schema, 'bill_conversions', dialect)
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('from_type', 'text', (col) => col.notNull())
        .addColumn('from_billno', 'integer', (col) => col.notNull())
        .addColumn('to_type', 'text', (col) => col.notNull())
        .addColumn('to_billno', 'integer', (col) => col.notNull())
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('operator', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('bill_conversions_from')
        .on('bill_conversions')
        .columns(['unit', 'from_type', 'from_billno'])
        .execute();
    },
  };
}

/**
 * A GST bill to a buyer without a GSTIN is now a supply within the seller's state (core placeOfSupply); it was
 * charged IGST before. Its figures are cleared here, and computed again at start-up (fillMissingFigures) by the
 * rule its PDF now prints, so the reports keep agreeing with the invoice.
 */
function unregisteredBuyersWithinTheState(): Migration {
  return {
    async up(db) {
      await sql`update bills set grand_total = null where igst > 0 and coalesce(client_gstin, '') = ''`.execute(db);
    },
  };
}

/**
 * Issue 26: each bill's place of supply (a state code) beside its figures, for GSTR-1's b2cl and b2cs; GST is now
 * computed once per rate of a bill (not per HSN line), and the HSN rows split by unit code. Every bill's figures
 * are cleared here and computed again at start-up (fillMissingFigures) by the rule its PDF now prints.
 */
function placeOfSupplyAndRateTax(dialect: SqlDialect): Migration {
  return {
    async up(db) {
      // Once only: a test (or a maintainer) may take the migration rows back and run them again.
      if (!(await billColumns(db, dialect)).has('place_of_supply')) {
        await db.schema.alterTable('bills').addColumn('place_of_supply', 'text').execute();
      }
      await sql`update bills set grand_total = null`.execute(db);
    },
  };
}

/** Issue 28: each credit or debit note's link to the bill it corrects (storage/notes.ts). */
function billNotes(dialect: SqlDialect): Migration {
  return {
    async up(db) {
      await withId(db.schema, 'bill_notes', dialect)
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('note_type', 'text', (col) => col.notNull())
        .addColumn('note_fy', 'integer', (col) => col.notNull())
        .addColumn('note_billno', 'integer', (col) => col.notNull())
        .addColumn('against_type', 'text', (col) => col.notNull())
        .addColumn('against_fy', 'integer', (col) => col.notNull())
        .addColumn('against_billno', 'integer', (col) => col.notNull())
        .addColumn('sign', 'integer', (col) => col.notNull())
        .addUniqueConstraint('bill_notes_note', ['unit', 'note_type', 'note_fy', 'note_billno'])
        .execute();
      await db.schema.createIndex('bill_notes_against').on('bill_notes').columns(['unit', 'against_type', 'against_fy', 'against_billno']).execute();
    },
  };
}

/** The names of the bills table's columns. */
async function billColumns(db: Db, dialect: SqlDialect): Promise<Set<string>> {
  const columns =
    dialect === 'postgres'
      ? sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = 'bills'`
      : sql<{ name: string }>`select name from pragma_table_info('bills')`;
  return new Set((await columns.execute(db)).rows.map((row) => row.name));
}

/** Migrations of an empty database read no bills, so they need no bill types. */
const noBills = (): Registry => {
  throw new Error('This database holds bills: open it with the bill types (openStorage) to migrate it.');
};

/** Migrations that only show a structure (migrateUpTo's scratch database) seal no rows: any key does. */
const scratchAuditKey = (): Buffer => randomBytes(32);

/** The migrations in order. Add new ones with a later key; never edit one that has shipped. */
function migrations(
  dialect: SqlDialect,
  registryOf: () => Registry = noBills,
  auditKeyOf: () => Buffer = scratchAuditKey,
): Record<string, Migration> {
  return {
    '0001_initial': initial(dialect),
    '0002_sign_in_failures': signInFailures(dialect),
    '0003_list_indexes': listIndexes(),
    '0004_role_columns': roleColumns(dialect),
    '0005_bill_figures': billFigures(dialect),
    '0006_revoked_tokens': revokedTokens(),
    '0007_business_profiles': businessProfiles(),
    '0008_clients': clients(dialect, registryOf),
    '0009_bill_conversions': conversions(dialect),
    '0010_unregistered_buyers_within_the_state': unregisteredBuyersWithinTheState(),
    '0011_client_name_keys': clientNameKeys(async (db) => (await billColumns(db, dialect)).has('client_key')),
    '0013_place_of_supply_and_rate_tax': placeOfSupplyAndRateTax(dialect),
    '0014_financial_years': financialYears(dialect, registryOf),
    '0015_bill_notes': billNotes(dialect),
    '0017_payments': payments(dialect),
    '0020_mail': mailTables(dialect),
    '0023_client_mail': clientMailColumns(),
    '0024_money_in_indexes': moneyInIndexes(),
    '0025_bill_registrations': billRegistrations(dialect),
    '0026_operator_roles': operatorRoles(),
    '0027_audit_chain': auditChain(auditKeyOf),
    '0028_audit_indexes': auditIndexes(),
    '0029_payment_tds': paymentTds(),
    '0030_advance_adjustments': advanceAdjustments(dialect),
    '0030_advance_refunds': advanceRefunds(dialect),
    '0031_contracts': contracts(dialect),
    '0033_stock': stockTables(dialect),
    '0034_list_search_index': listSearchIndex(),
  };
}

/**
 * Issue 51: a list searched by client name or printed number (`bills.list`), newest first. Neither is in
 * bills_list_by_number, so SQLite read every bill's row (each carries its whole record) looking for the page's
 * matches: 190 ms over 100,000 bills for 22 matches. With both lower-cased beside the number, the page and its count
 * are read from this index: 18 ms. Plain SQL: both dialects accept the expression index as written.
 */
function listSearchIndex(): Migration {
  return {
    async up(db) {
      await sql`create index bills_list_search on bills (unit, type, deleted_at, billno, fy, lower(client_name), lower(printed_no))`.execute(db);
    },
  };
}

/**
 * The PostgreSQL schema the tables go in (the first of the search_path). Kysely's migrator must be told:
 * unasked, it takes a migration table in any other schema of the database for its own, and then fails.
 */
async function currentSchema(db: Db, dialect: SqlDialect): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/**
 * Brings the database up to date; Kysely's migrator locks, so several servers may start at once. Migrations
 * that read bills by field role ask `registryOf` for the bill types; the audit chain's seals old rows with `auditKey`.
 */
export async function migrateToLatest(db: Db, dialect: SqlDialect, registryOf: () => Registry, auditKey: Buffer): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect, registryOf, () => auditKey) },
    migrationTableSchema: await currentSchema(db, dialect),
    // Migrations written side by side land in any order; each stands alone, so a database that ran a later
    // one first still runs an earlier one it lacks.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** The migrations' names in the order they run. */
export function migrationNames(dialect: SqlDialect): string[] {
  return Object.keys(migrations(dialect)).sort();
}

/**
 * Runs the migrations up to and including `target` on an empty database: the structure a database that
 * went that far has (a restore compares a backup against it). Its audit chain is sealed with `auditKey`, a
 * random one when not given (a scratch database only shows the structure).
 */
export async function migrateUpTo(db: Db, dialect: SqlDialect, target: string, auditKey?: Buffer): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect, noBills, auditKey ? () => auditKey : scratchAuditKey) },
    migrationTableSchema: await currentSchema(db, dialect),
  });
  const { error } = await migrator.migrateTo(target);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
