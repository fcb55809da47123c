import type { Generated } from 'kysely';

/**
 * One movement of a stocked product in a unit (issue 48): `qty_micro` is signed (in +, out -) in millionths, so a
 * balance is a sum. `source` and `source_id` name the document that caused it (a bill's row, a purchase, an
 * adjustment, or the product's own opening balance: its catalog entry id); the document's edit, cancel or delete
 * replaces or removes its rows in its own transaction.
 */
export interface StockMovementTable {
  id: Generated<number>;
  unit: string;
  /** catalog_entries.id of the product. */
  product_id: number;
  move_date: string;
  kind: 'opening' | 'purchase' | 'sale' | 'return' | 'adjustment';
  /** An adjustment's Rule 56(2) reason (lost, stolen, destroyed, writtenoff, gift, found); null otherwise. */
  reason: string | null;
  qty_micro: number;
  /** A purchase's rate a unit in paise (the stock's value reads the latest); null otherwise. */
  rate_paise: number | null;
  source: 'opening' | 'bill' | 'purchase' | 'adjustment';
  source_id: number;
}

/** A serial number's step in or out (+1 / -1) with a movement: a serial is in stock when its steps sum to 1. */
export interface StockSerialTable {
  id: Generated<number>;
  unit: string;
  product_id: number;
  serial: string;
  movement_id: number;
  step: number;
}

/** A purchase entry (goods in from a supplier); its lines are JSON, its money in whole paise. */
export interface PurchaseTable {
  id: Generated<number>;
  unit: string;
  supplier: string;
  supplier_gstin: string;
  supplier_bill_no: string;
  supplier_bill_date: string;
  lines: string;
  taxable: number;
  tax: number;
  total: number;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

/** A stock adjustment for a Rule 56(2) reason, with the operator's note. */
export interface StockAdjustmentTable {
  id: Generated<number>;
  unit: string;
  product_id: number;
  adjust_date: string;
  reason: string;
  qty_micro: number;
  /** JSON list of the serial numbers it moves. */
  serials: string;
  note: string;
  created_at: string;
  created_by: string;
}

/**
 * A stocked product's settings (the product master's stock fields): which unit's stock it is, whether each piece has
 * a serial number, its reorder level and its opening balance (the opening movement and serials are written beside).
 */
export interface StockProductTable {
  product_id: number;
  unit: string;
  serialised: number;
  reorder_micro: number;
  opening_micro: number;
  opening_date: string;
  /** JSON list of the opening pieces' serial numbers. */
  opening_serials: string;
  updated_at: string;
}
