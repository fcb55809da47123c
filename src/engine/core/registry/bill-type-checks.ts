import { SchemaError } from '../schema/json-schema';
import type { BillType } from './types';

/**
 * The checks across bill types that only a maintainer's mistake can fail: run by npm run gen and the server's start
 * (SchemaChecks), not by the browser, which reads the index and type modules gen wrote from the files it checked.
 */
export function checkBillTypes(billTypes: BillType[]): void {
  checkUnregisteredAs(billTypes);
  checkNotes(billTypes);
}

/**
 * x-bill.note names sales types of its own unit with the same goods lines or services it corrects, and the note
 * has the buyer roles the original's buyer is copied into (name, address, GSTIN, place of supply). A note is not
 * a sales type itself: the reports read it by its kind.
 */
function checkNotes(billTypes: BillType[]): void {
  for (const billType of billTypes) {
    if (!billType.note) continue;
    if (!billType.tax) throw new SchemaError(billType.file, `x-bill.kind "${billType.kind}" is for a tax bill (x-bill.tax)`);
    for (const role of ['clientAddress', 'clientGstin', 'placeOfSupply'] as const) {
      if (!billType.roles[role]) throw new SchemaError(billType.file, `x-bill.note needs a field with x-role "${role}"`);
    }
    for (const type of billType.note.against) {
      const original = billTypes.find((b) => b.type === type);
      if (!original || original.unit !== billType.unit || !original.countsAsSales || !original.tax) {
        throw new SchemaError(billType.file, `x-bill.note.against "${type}" must be a sales tax bill type of unit ${billType.unit}`);
      }
    }
  }
}

/** x-bill.unregisteredAs names a bill of the same unit and line shape whose buyer has no GSTIN field. */
function checkUnregisteredAs(billTypes: BillType[]): void {
  for (const billType of billTypes) {
    if (billType.unregisteredAs === undefined) continue;
    const target = billTypes.find((b) => b.type === billType.unregisteredAs);
    if (!target) throw new SchemaError(billType.file, `x-bill.unregisteredAs "${billType.unregisteredAs}" is not a bill type`);
    if (!billType.roles.clientGstin) throw new SchemaError(billType.file, 'x-bill.unregisteredAs is set but this bill has no field with x-role "clientGstin"');
    if (target.unit !== billType.unit || target.lines !== billType.lines || target.roles.clientGstin) {
      throw new SchemaError(billType.file, `x-bill.unregisteredAs "${target.type}" must be a bill of the same unit and line shape without a GSTIN field`);
    }
  }
}
