import { loadExcelJs } from './exceljs';
import { csvCell } from './register';
import { DATE_FORMAT, INDIAN_MONEY_FORMAT } from './register-xlsx';

/**
 * The stock register (Rule 56(2)) and the purchase register as files for the accountant: CSV (with a byte order mark,
 * so Excel reads ₹ and names as UTF-8) and Excel, as the sales register is written. Both are small (one row a product,
 * one a purchase line), so each is built whole.
 */

/** A column: its heading, its cell of a row, and whether it is money or a date in Excel. */
export interface FileColumn<Row> {
  header: string;
  cell: (row: Row) => string | number;
  kind?: 'money' | 'date' | 'qty';
}

export function csvFile<Row>(columns: readonly FileColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.header)), ...rows.map((row) => columns.map((column) => csvCell(column.cell(row))))];
  return `\uFEFF${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

export async function xlsxFile<Row>(sheetName: string, columns: readonly FileColumn<Row>[], rows: readonly Row[]): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: Math.max(12, column.header.length + 2),
    style: column.kind === 'money' ? { numFmt: INDIAN_MONEY_FORMAT } : column.kind === 'date' ? { numFmt: DATE_FORMAT } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(columns.map((column) => {
      const value = column.cell(row);
      return column.kind === 'date' && typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : value;
    }));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
