import type { Page } from 'playwright-core';
import type { BillType, FieldSpec, ObjectSpec, Row } from '../../../../src/engine/core';
import { GRID_LABELS } from '../../../../src/engine/react/grid/labels';

/** An input by its accessible name; exact, since some titles hold others ("HSN rate" holds "Rate"). */
function input(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

/** Opens the folded section (Dispatch details) an input is in, as an operator clicks its heading. */
async function openFoldOf(page: Page, label: string): Promise<void> {
  await input(page, label).evaluate((element) => {
    const fold = element.closest('details');
    if (fold && !fold.open) fold.querySelector('summary')?.click();
  });
}

/** Types a value the way an operator would: text typed in, the per option chosen by its label. */
export async function fillField(page: Page, field: FieldSpec, label: string, value: unknown): Promise<void> {
  await openFoldOf(page, label);
  if (field.widget === 'select') {
    const option = field.options?.find((o) => o.value === value);
    await input(page, label).selectOption({ label: option?.label ?? String(value) });
    return;
  }
  await input(page, label).fill(String(value));
}

/** Fields an operator types: not the Sr. No., not nested lists, not computed amounts. */
function typedFields(spec: ObjectSpec): FieldSpec[] {
  return spec.fields.filter((field) => !field.rowNumber && !field.rows && !field.productOf);
}

/** The header fields with a value in `bill`, the bill number left as the screen proposes it. */
export async function fillHeader(page: Page, billType: BillType, bill: Row): Promise<void> {
  for (const field of billType.header) {
    const value = bill[field.name];
    if (field.role === 'billNumber' || value === undefined || value === '') continue;
    await fillField(page, field, field.title, value);
  }
}

/** One row's inputs, named "{title}, {row}" (e.g. "QTY, Sr. No. 2"), leaving out the `skip` field. */
export async function fillRow(page: Page, spec: ObjectSpec, rowLabel: string, row: Row, skip?: string): Promise<void> {
  for (const field of typedFields(spec)) {
    const value = row[field.name];
    if (field.name === skip || value === undefined || value === '') continue;
    await fillField(page, field, `${field.title}, ${rowLabel}`, value);
  }
  // Leaving the row's last input lets its amount follow (spec 4: recalculated when Rate loses focus).
  await page.keyboard.press('Tab');
  // A saved product or service fills its rate (issue 30): the field left empty on purpose is emptied again.
  const skipped = skip === undefined ? undefined : spec.byName[skip];
  if (skipped && !skipped.productOf && skipped.widget !== 'select') {
    await input(page, `${skipped.title}, ${rowLabel}`).fill('');
    await input(page, `${skipped.title}, ${rowLabel}`).blur();
  }
}

/** The field one level down holding a product's services, if the rows have one. */
export function nestedList(spec: ObjectSpec): FieldSpec | undefined {
  return spec.fields.find((field) => field.rows);
}

/** A line field by name: on the bill's rows, or on their nested rows (a product's services). */
export function lineField(billType: BillType, name: string): FieldSpec {
  const spec = billType.rowsField.rows!;
  const field = spec.byName[name] ?? nestedList(spec)?.rows!.byName[name];
  if (!field) throw new Error(`${billType.type} lines have no field ${name}`);
  return field;
}

export interface LeftEmpty {
  /** Accessible row name, e.g. "Sr. No. 2" or "Sr. No. 2, service 1". */
  rowLabel: string;
  field: string;
}

/**
 * Types every line of the bill, adding rows with Add More Product (and services with Add Servive)
 * as the operator does, and leaving `leftEmpty` blank.
 */
export async function fillLines(page: Page, billType: BillType, rows: Row[], leftEmpty?: LeftEmpty): Promise<void> {
  const spec = billType.rowsField.rows!;
  const nested = nestedList(spec);
  const skipIn = (label: string) => (leftEmpty?.rowLabel === label ? leftEmpty.field : undefined);
  for (const [index, row] of rows.entries()) {
    const label = `Sr. No. ${index + 1}`;
    if (index > 0) await page.getByRole('button', { name: GRID_LABELS.addRow, exact: true }).click();
    await fillRow(page, spec, label, row, skipIn(label));
    if (!nested) continue;
    const product = page.getByRole('group', { name: `Product, ${label}`, exact: true });
    for (const [serviceIndex, service] of (row[nested.name] as Row[]).entries()) {
      const serviceLabel = `${label}, service ${serviceIndex + 1}`;
      if (serviceIndex > 0) await product.getByRole('button', { name: GRID_LABELS.addNestedRow, exact: true }).click();
      await fillRow(page, nested.rows!, serviceLabel, service, skipIn(serviceLabel));
    }
  }
}
