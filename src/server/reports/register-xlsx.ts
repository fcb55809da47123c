import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from './exceljs';
import { paiseToNumber, type Period, type Registry, type Unit } from '../../engine/core';
import type { SalesReportStore, SalesScope } from '../storage/sales-reports';
import { auditHeadLine, RECEIPT_VOUCHERS_TITLE, registerRows } from './register';
import { cancelledLabel, MONEY_COLUMNS, registerColumns } from './register-columns';
import { advanceScope, quantityText, salesScope, salesWithNotesScope } from './scope';

/** Indian digit grouping (1,23,45,678.50): Excel allows two conditions, which covers crores and lakhs. */
export const INDIAN_MONEY_FORMAT = '[>=10000000]##\\,##\\,##\\,##0.00;[>=100000]##\\,##\\,##0.00;##,##0.00';
export const DATE_FORMAT = 'dd-mm-yyyy';

/** A bill date (YYYY-MM-DD) as the spreadsheet's date: midnight UTC, which exceljs writes as the plain day. */
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** Rows written before other requests get a turn (about 20 ms of writing). */
const ROWS_A_TURN = 500;

/** The header row in bold and kept in sight while scrolling. */
const HEADER_VIEWS: Partial<ExcelJS.WorksheetView>[] = [{ state: 'frozen', ySplit: 1 }];

function boldHeader(sheet: ExcelJS.Worksheet): void {
  sheet.getRow(1).font = { bold: true };
}

/**
 * `salesregister` as an Excel workbook: the register (rows, a totals row, then the audit chain's head) with money in Indian
 * grouping and dates as dates, the HSN summary of the same bills on a second sheet, and the receipt vouchers on a third.
 *
 * Streamed as it is written (exceljs's streaming writer), giving other requests a turn every few hundred rows.
 * Built whole in memory, a year's register (100,000 bills) held the server's one JS thread for 9 s, and every
 * operator's request waited behind it; now the longest wait is the HSN summary's query (0.3 s for a year).
 * A failure part way ends the download.
 */
export function registerXlsx(store: SalesReportStore, registry: Registry, unit: Unit, period: Period, auditHead: string): Readable {
  const output = new PassThrough();
  writeRegister(output, store, registry, unit, period, auditHead).catch((error: unknown) => output.destroy(error as Error));
  return output;
}

async function writeRegister(output: PassThrough, store: SalesReportStore, registry: Registry, unit: Unit, period: Period, auditHead: string) {
  const scope = salesWithNotesScope(registry, unit, period);
  const { text, moneyTitles } = registerColumns(registry, unit);
  const workbook = new (await loadExcelJs()).stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });

  const columns = [
    ...text.map((c) => ({
      header: c.title,
      key: c.key,
      width: c.kind === 'text' ? 28 : 12,
      style: c.kind === 'date' ? { numFmt: DATE_FORMAT } : {},
    })),
    ...MONEY_COLUMNS.map((c, i) => ({ header: moneyTitles[i], key: c.key, width: 16, style: { numFmt: INDIAN_MONEY_FORMAT } })),
  ];
  const addRows = async (sheet: ExcelJS.Worksheet, scope: SalesScope) => {
    let written = 0;
    for await (const page of registerRows(store, scope)) {
      for (const row of page) {
        sheet
          .addRow([
            ...text.map((c) => (c.kind === 'date' ? asDate(row.billDate) : c.shown(row))),
            ...MONEY_COLUMNS.map((c) => paiseToNumber(row[c.figure])),
          ])
          .commit();
        if (++written % ROWS_A_TURN === 0) await nextTurn();
      }
    }
  };
  const addTotal = async (sheet: ExcelJS.Worksheet, scope: SalesScope) => {
    const totals = await store.totals(scope);
    const totalRow = sheet.addRow(['Total', ...text.slice(1).map(() => null), ...MONEY_COLUMNS.map((c) => paiseToNumber(totals[c.figure]))]);
    totalRow.font = { bold: true };
    totalRow.commit();
  };

  const sheet = workbook.addWorksheet('Sales Register', { views: HEADER_VIEWS });
  sheet.columns = columns;
  boldHeader(sheet);
  await addRows(sheet, scope);
  for (const bill of await store.cancelled(salesScope(registry, unit, period))) {
    sheet.addRow([cancelledLabel(registry, bill), bill.printedNo, asDate(bill.billDate), bill.clientName, '', ...MONEY_COLUMNS.map(() => 0)]).commit();
  }
  await addTotal(sheet, scope);
  sheet.addRow([auditHeadLine(auditHead)]).commit();
  sheet.commit();

  const hsn = workbook.addWorksheet('HSN Summary', { views: HEADER_VIEWS });
  hsn.columns = [
    { header: 'HSN/SAC', key: 'hsn', width: 12 },
    { header: 'Description', key: 'desc', width: 30 },
    { header: 'UQC', key: 'uqc', width: 8 },
    { header: 'Quantity', key: 'qty', width: 12 },
    { header: 'Rate %', key: 'rate', width: 8 },
    ...['Taxable Value', 'IGST', 'CGST', 'SGST', 'Total Tax'].map((header) => ({
      header,
      key: header,
      width: 16,
      style: { numFmt: INDIAN_MONEY_FORMAT },
    })),
  ];
  boldHeader(hsn);
  for (const row of await store.hsnSummary(scope)) {
    hsn
      .addRow([
        row.hsn,
        row.description,
        row.uqc,
        Number(quantityText(row.qtyMicro)),
        Number(row.rate),
        ...[row.taxable, row.igst, row.cgst, row.sgst, row.igst + row.cgst + row.sgst].map(paiseToNumber),
      ])
      .commit();
  }
  hsn.commit();

  // Money received in advance is no sale: receipt vouchers have a sheet of their own (when the unit has them).
  const advances = advanceScope(registry, unit, period);
  if (advances.types.length) {
    const receipts = workbook.addWorksheet(RECEIPT_VOUCHERS_TITLE, { views: HEADER_VIEWS });
    receipts.columns = columns;
    boldHeader(receipts);
    await addRows(receipts, advances);
    await addTotal(receipts, advances);
    receipts.commit();
  }
  await workbook.commit();
}
