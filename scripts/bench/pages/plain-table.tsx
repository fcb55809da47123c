/**
 * The form benchmark's baseline: the same tax goods lines as the bill editor page (?rows=<n>), as the
 * plainest React table of inputs, with none of the bill form's care (no rjsf, no memoized rows, no
 * virtualization): one state array, controlled inputs, every row re-rendered on every keystroke.
 * Inputs are named like the editor's ("QTY, Sr. No. 1") so the same timing code drives both pages.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { BillType } from '../../../src/engine/core';
import { goodsRow } from '../../../tests/fixtures/payloads';

const query = new URLSearchParams(location.search);
const rowCount = Number(query.get('rows') ?? '1');
/** goodsRow reads only `tax`; the registry (and its validators) stays out, so this page loads React alone. */
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
type Line = Record<(typeof COLUMNS)[number][0], string>;

function PlainTable({ initial }: { initial: Line[] }) {
  const [lines, setLines] = useState(initial);
  const change = (index: number, name: keyof Line, value: string) =>
    setLines((previous) => previous.map((line, i) => (i === index ? { ...line, [name]: value } : line)));
  return (
    <table>
      <thead>
        <tr>
          <th>Sr. No.</th>
          {COLUMNS.map(([name, title]) => (
            <th key={name}>{title}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={index}>
            <th scope="row">{index + 1}</th>
            {COLUMNS.map(([name, title]) => (
              <td key={name}>
                <input
                  aria-label={`${title}, Sr. No. ${index + 1}`}
                  value={line[name]}
                  onChange={(event) => change(index, name, event.target.value)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const initial = Array.from({ length: rowCount }, (_, i) => {
  const row = goodsRow(taxGoods, i + 1);
  return Object.fromEntries(COLUMNS.map(([name]) => [name, String(row[name] ?? '')])) as Line;
});
createRoot(document.getElementById('root')!).render(<PlainTable initial={initial} />);
