import type { BillType, FieldSpec } from '../engine/core';

/** The print title of the first line field carrying a keyword, looking into nested lists (services). */
export function leafFieldTitle(billType: BillType, keyword: 'hsn' | 'taxRate' | 'money'): string | undefined {
  const search = (fields: FieldSpec[]): FieldSpec | undefined => {
    for (const field of fields) {
      const found = field[keyword] ? field : field.rows && search(field.rows.fields);
      if (found) return found;
    }
    return undefined;
  };
  return search(billType.rowsField.rows!.fields)?.pdfTitle;
}
