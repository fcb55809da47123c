import type { FieldSpec, Row } from '../engine/core';
import { lineSerials, serialsText } from '../engine/core/line-serials';

/**
 * A goods cell with the line's pieces' serial numbers under the goods (issue 48: the buyer's warranty names them),
 * on every page layout: the A4 and A5 line table and the 80 mm roll.
 */
export function withSerials(text: string, field: FieldSpec, row: Row): string {
  const serials = field.catalog === undefined ? [] : lineSerials(row);
  return serials.length > 0 ? `${text}\n${serialsText(serials)}` : text;
}
