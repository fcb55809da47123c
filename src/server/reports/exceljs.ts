import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded with the first spreadsheet rather than with the server: importing it was a quarter of a second of
 * every start (the browser tests start a server per file, and most servers never write a spreadsheet).
 */
export function loadExcelJs(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
