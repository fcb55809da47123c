import { isMoneyOnAccount } from '../document-kind';
import { SchemaError } from '../schema/json-schema';
import type { BillType } from './types';

/**
 * The checks across bill types that only a maintainer's mistake can fail: run by npm run gen and the server's start
 * (SchemaChecks), not by the browser, which reads the index and type modules gen wrote from the files it checked.
 */
export function checkBillTypes(billTypes: BillType[]): void {
  checkUnregisteredAs(billTypes);
  checkNotes(billTypes);
  billTypes.forEach(checkAdvanceTax);
  checkRefunds(billTypes);
}

/**
 * x-bill.refund names receipt types with GST (advances) of its own unit; the refund is a tax document with the
 * advance's number (x-role againstNumber) and the buyer's GSTIN, whose place of supply splits its tax.
 */
function checkRefunds(billTypes: BillType[]): void {
  for (const billType of billTypes) {
    if (!billType.refund) continue;
    if (!billType.tax) throw new SchemaError(billType.file, 'x-bill.kind "refund" is for a tax bill (x-bill.tax)');
    for (const role of ['againstNumber', 'clientGstin', 'placeOfSupply'] as const) {
      if (!billType.roles[role]) throw new SchemaError(billType.file, `x-bill.refund needs a field with x-role "${role}"`);
    }
    for (const type of billType.refund.against) {
      const advance = billTypes.find((b) => b.type === type);
      if (!advance || advance.unit !== billType.unit || !advance.tax || !isMoneyOnAccount(advance.kind)) {
        throw new SchemaError(billType.file, `x-bill.refund.against "${type}" must be a receipt type with GST of unit ${billType.unit}`);
      }
    }
  }
}

/**
 * x-bill.advanceTax is for a tax bill; x-taxIncludedWhen sits on one header field of such a bill and names one of
 * that field's values, so the choice the operator makes is one the rule understands.
 */
function checkAdvanceTax(billType: BillType): void {
  if (billType.advanceTax && !billType.tax) throw new SchemaError(billType.file, 'x-bill.advanceTax is for a tax bill (x-bill.tax)');
  const lineField = billType.rowsField.rows!.fields.find((field) => field.taxIncludedWhen !== undefined);
  if (lineField) throw new SchemaError(billType.file, `${lineField.name}: x-taxIncludedWhen belongs on a header field`);
  const choices = billType.header.filter((field) => field.taxIncludedWhen !== undefined);
  if (choices.length === 0) return;
  if (choices.length > 1 || !billType.advanceTax) {
    throw new SchemaError(billType.file, `${choices[0].name}: x-taxIncludedWhen needs x-bill.advanceTax and one such field`);
  }
  const [field] = choices;
  const values = Array.isArray(field.schema.enum) ? field.schema.enum : [];
  if (!values.includes(field.taxIncludedWhen)) {
    throw new SchemaError(billType.file, `${field.name}: x-taxIncludedWhen "${field.taxIncludedWhen}" is not one of its enum values`);
  }
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
