/**
 * The browser's floor for a keystroke in a bill of n lines (?rows=<n>): the same tax goods lines as the bill
 * editor page in a plain HTML table of inputs, no framework, no script run on a keystroke. Inputs are named
 * like the editor's ("QTY, Sr. No. 1") so the same timing code drives both pages.
 */
import type { BillType } from '../../../src/engine/core';
import { goodsRow } from '../../../tests/fixtures/payloads';

const rowCount = Number(new URLSearchParams(location.search).get('rows') ?? '1');
/** goodsRow reads only `tax`. */
const taxGoods = { tax: true } as BillType;
const COLUMNS = [
  ['goods', 'Description of Goods'],
  ['hsn', 'HSN'],
  ['taxrate', 'HSN rate'],
  ['qty', 'QTY'],
  ['rate', 'Rate'],
  ['per', 'Per'],
  ['amount', 'Amount'],
] as const;

const table = document.getElementById('lines') as HTMLTableElement;
const head = table.createTHead().insertRow();
for (const title of ['Sr. No.', ...COLUMNS.map(([, columnTitle]) => columnTitle)]) head.appendChild(document.createElement('th')).textContent = title;
const body = table.createTBody();
for (let n = 1; n <= rowCount; n++) {
  const row = goodsRow(taxGoods, n);
  const line = body.insertRow();
  line.appendChild(document.createElement('th')).textContent = String(n);
  for (const [name, title] of COLUMNS) {
    const input = line.insertCell().appendChild(document.createElement('input'));
    input.setAttribute('aria-label', `${title}, Sr. No. ${n}`);
    input.value = String(row[name] ?? '');
  }
}
