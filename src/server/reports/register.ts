import { Readable } from 'node:stream';
import { paiseText, type Period, type Registry, type Unit } from '../../engine/core';
import type { PaiseTotals, RegisterRow, SalesReportStore, SalesScope } from '../storage/sales-reports';
import { cancelledLabel, moneyAnswer, MONEY_COLUMNS, PRINTED_NUMBER_KEY, registerColumns, registerJsonMembers } from './register-columns';
import { advanceScope, clientKeys, salesScope, salesWithNotesScope } from './scope';

/** Every register row of a scope, page by page (keyset paging: bounded memory whatever the period). */
export async function* registerRows(store: SalesReportStore, scope: SalesScope): AsyncGenerator<RegisterRow[]> {
  let after: RegisterRow | undefined;
  for (;;) {
    const page = await store.registerPage(scope, after);
    if (!page.length) return;
    yield page;
    after = page[page.length - 1];
  }
}

/**
 * `salesregister` as JSON, streamed as UTF-8 bytes: rows by date then number (credit and debit notes among them,
 * a credit note's figures negative), totals net of the notes, and the deleted bills as cancelled. The database writes each row's JSON (a year's register is 100,000 rows); the rest is small.
 */
export async function registerJson(store: SalesReportStore, registry: Registry, unit: Unit, period: Period): Promise<Readable> {
  const scope = salesWithNotesScope(registry, unit, period);
  const rows = await store.registerJsonRows(scope, registerJsonMembers(registry, unit));
  const keys = clientKeys(registry, unit);
  const cancelled = (await store.cancelled(salesScope(registry, unit, period))).map((bill) => ({
    billtype: bill.type,
    billno: bill.billno,
    [PRINTED_NUMBER_KEY]: bill.printedNo,
    [keys.date]: bill.billDate,
    [keys.name]: bill.clientName,
  }));
  const totals = moneyAnswer(await store.totals(scope));
  const tail = `],"totals":${JSON.stringify(totals)},"cancelled":${JSON.stringify(cancelled)}}`;
  return Readable.from(jsonPieces(rows, tail), { objectMode: false });
}

/** Bytes one turn of the request thread hands to the socket: copying a year's 23 MB at once held it 270 ms. */
const SEND_PIECE = 1 << 20;

/** The register's JSON in pieces: the rows' bytes as they came from the report reader, never copied whole. */
function* jsonPieces(rows: Uint8Array, tail: string): Generator<Uint8Array> {
  yield Buffer.from('{"rows":[');
  for (let at = 0; at < rows.length; at += SEND_PIECE) yield rows.subarray(at, at + SEND_PIECE);
  yield Buffer.from(tail);
}

/** A spreadsheet runs a cell that starts with one of these as a formula (a quote would start a quoted cell). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * Where a spreadsheet may start a new cell inside a value: after a separator it might be told to use (`,` `;`
 * tab) or a line break. Opened with another separator than ours, the quotes around the value are mid-cell
 * and do not hold it together, so the text there must not start a formula (or a quoted cell) either.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])(?=[=+\-@"])/g;

/**
 * Text that a spreadsheet would run as a formula is kept as text with a leading `'`, at the start and after
 * each separator inside it; a cell holding a separator, quote or line break is quoted.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  const safe = FORMULA_START.test(inner) ? `'${inner}` : inner;
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const money = paiseText;

/** The heading of the register's section (CSV) and sheet (Excel) of receipt vouchers. */
export const RECEIPT_VOUCHERS_TITLE = 'Receipt Vouchers';

/** The register's last line in its human-readable formats: the audit chain's head when it was downloaded. */
export const auditHeadLine = (head: string) => `Audit chain head: ${head}`;

/**
 * `salesregister` as CSV, streamed page by page: a UTF-8 byte order mark (so Excel reads ₹ and names
 * as UTF-8), a header row, the rows, a totals row, then the audit chain's head (`N:HASH`).
 */
export function registerCsv(store: SalesReportStore, registry: Registry, unit: Unit, period: Period, auditHead: string): Readable {
  const scope = salesWithNotesScope(registry, unit, period);
  const { text, moneyTitles } = registerColumns(registry, unit);
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${[...text.map((c) => c.title), ...moneyTitles].map(csvCell).join(',')}\r\n`;
    for await (const page of registerRows(store, scope)) {
      yield page
        .map((row) =>
          [...text.map((c) => csvCell(c.shown(row))), ...MONEY_COLUMNS.map((c) => money(row[c.figure]))].join(','),
        )
        .join('\r\n') + '\r\n';
    }
    // Cancelled (deleted) bills, marked so, after the live ones: the numbers issued are all accounted for.
    for (const bill of await store.cancelled(salesScope(registry, unit, period))) {
      yield `${[cancelledLabel(registry, bill), bill.printedNo, bill.billDate, bill.clientName, ''].map(csvCell).join(',')},${MONEY_COLUMNS.map(() => money(0)).join(',')}\r\n`;
    }
    const totals = await store.totals(scope);
    const totalLine = (figures: PaiseTotals) => `${['Total', ...text.slice(1).map(() => '')].join(',')},${MONEY_COLUMNS.map((c) => money(figures[c.figure])).join(',')}\r\n`;
    yield totalLine(totals);
    // Receipt vouchers are money received in advance, not sales: a section of their own after the sales' total.
    const advances = advanceScope(registry, unit, period);
    let heading = false;
    for await (const page of registerRows(store, advances)) {
      if (!heading) yield `\r\n${csvCell(RECEIPT_VOUCHERS_TITLE)}\r\n`;
      heading = true;
      yield page.map((row) => [...text.map((c) => csvCell(c.shown(row))), ...MONEY_COLUMNS.map((c) => money(row[c.figure]))].join(',')).join('\r\n') + '\r\n';
    }
    if (heading) yield totalLine(await store.totals(advances));
    yield `${csvCell(auditHeadLine(auditHead))}\r\n`;
  }
  return Readable.from(lines());
}
