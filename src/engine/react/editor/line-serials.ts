import type { BillType } from '../../core/registry/types';
import type { Row } from '../../core/rows';
import { LINE_SERIALS_KEY } from '../../core/line-serials';

/**
 * Issue 48: a sale's lines name the pieces picked on screen (`serials`), which are not a field of the line's schema,
 * so the checked and normalised body has dropped them. Each line gets back its own, matched by position: normalising
 * keeps the lines in order, one for one.
 */
export function withLineSerials(billType: BillType, typed: Row, body: Row): Row {
  const name = billType.rowsField.name;
  const typedRows = typed[name];
  const bodyRows = body[name];
  if (!Array.isArray(typedRows) || !Array.isArray(bodyRows)) return body;
  const picked = (index: number) => (typedRows[index] as Row | undefined)?.[LINE_SERIALS_KEY];
  if (!bodyRows.some((_row, index) => Array.isArray(picked(index)) && (picked(index) as unknown[]).length > 0)) return body;
  const rows = bodyRows.map((row: Row, index) => {
    const serials = picked(index);
    return Array.isArray(serials) && serials.length > 0 ? { ...row, [LINE_SERIALS_KEY]: serials } : row;
  });
  return { ...body, [name]: rows };
}
