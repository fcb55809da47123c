import { userEvent } from 'storybook/test';
import type { BillType, FieldSpec, Row } from '../../engine/core';
import { sampleBill } from '../mocks/sample-bill';
import type { Page } from './play';

/** Types into an input by its accessible name, replacing what it holds; a select gets its option chosen. */
export async function typeInto(page: Page, label: string, field: FieldSpec, value: unknown): Promise<void> {
  const input = page.getByLabelText(label, { exact: true });
  if (field.widget === 'select') {
    await userEvent.selectOptions(input, String(value));
    return;
  }
  await userEvent.clear(input);
  await userEvent.type(input, String(value));
}

/**
 * Types a sample bill of a goods type into its create screen as an operator would: the empty required
 * header fields and those in `overrides`, then the first line's inputs (the computed amount follows).
 */
export async function typeSampleGoodsBill(page: Page, billType: BillType, overrides: Row = {}): Promise<void> {
  const bill = { ...sampleBill(billType, { billno: 1, lines: 1 }), ...overrides };
  for (const field of billType.header) {
    const input = page.getByLabelText(field.title, { exact: true }) as HTMLInputElement;
    const wanted = field.name in overrides || (field.required && input.value === '' && field.role !== 'billNumber');
    if (wanted) await typeInto(page, field.title, field, bill[field.name]);
  }
  const [line] = bill[billType.rowsField.name] as Row[];
  for (const field of billType.rowsField.rows!.fields) {
    if (field.rowNumber || field.rows || field.productOf || !field.required) continue;
    await typeInto(page, `${field.title}, Sr. No. 1`, field, line[field.name]);
  }
  await userEvent.tab();
}
