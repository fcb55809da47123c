import type { Migration } from 'kysely';
import { withId } from './migration-tools';
import type { SqlDialect } from './tables';

/**
 * Issue 48: the stocked products' settings, the stock ledger (movements and serial numbers, each written with the document that causes it), purchase
 * entries and stock adjustments. Indexes: a product's movements by date (the balance, its movements, the register) and its purchases by date (the latest rate),
 * a document's movements (its edit or cancel), a serial's steps.
 */
export function stockTables(dialect: SqlDialect): Migration {
  return {
    async up(db) {
      await db.schema
        .createTable('stock_products')
        .addColumn('product_id', 'integer', (col) => col.primaryKey())
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('serialised', 'integer', (col) => col.notNull())
        .addColumn('reorder_micro', 'bigint', (col) => col.notNull())
        .addColumn('opening_micro', 'bigint', (col) => col.notNull())
        .addColumn('opening_date', 'text', (col) => col.notNull())
        .addColumn('opening_serials', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await withId(db.schema, 'stock_movements', dialect)
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('product_id', 'integer', (col) => col.notNull())
        .addColumn('move_date', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('reason', 'text')
        .addColumn('qty_micro', 'bigint', (col) => col.notNull())
        .addColumn('rate_paise', 'bigint')
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('source_id', 'integer', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('stock_movements_product').on('stock_movements').columns(['unit', 'product_id', 'move_date', 'qty_micro']).execute();
      await db.schema.createIndex('stock_movements_source').on('stock_movements').columns(['source', 'source_id']).execute();
      // A product's latest purchase rate, one index seek per product (getstock's value).
      await db.schema.createIndex('stock_movements_rate').on('stock_movements').columns(['unit', 'product_id', 'kind', 'move_date', 'rate_paise']).execute();
      await withId(db.schema, 'stock_serials', dialect)
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('product_id', 'integer', (col) => col.notNull())
        .addColumn('serial', 'text', (col) => col.notNull())
        .addColumn('movement_id', 'integer', (col) => col.notNull().references('stock_movements.id'))
        .addColumn('step', 'integer', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('stock_serials_serial').on('stock_serials').columns(['unit', 'product_id', 'serial']).execute();
      await db.schema.createIndex('stock_serials_movement').on('stock_serials').column('movement_id').execute();
      await withId(db.schema, 'purchases', dialect)
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('supplier', 'text', (col) => col.notNull())
        .addColumn('supplier_gstin', 'text', (col) => col.notNull())
        .addColumn('supplier_bill_no', 'text', (col) => col.notNull())
        .addColumn('supplier_bill_date', 'text', (col) => col.notNull())
        .addColumn('lines', 'text', (col) => col.notNull())
        .addColumn('taxable', 'bigint', (col) => col.notNull())
        .addColumn('tax', 'bigint', (col) => col.notNull())
        .addColumn('total', 'bigint', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('updated_by', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('purchases_by_date').on('purchases').columns(['unit', 'supplier_bill_date']).execute();
      await withId(db.schema, 'stock_adjustments', dialect)
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('product_id', 'integer', (col) => col.notNull())
        .addColumn('adjust_date', 'text', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('qty_micro', 'bigint', (col) => col.notNull())
        .addColumn('serials', 'text', (col) => col.notNull())
        .addColumn('note', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text', (col) => col.notNull())
        .execute();
    },
  };
}
