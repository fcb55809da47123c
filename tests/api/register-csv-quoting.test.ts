import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { useApi } from './harness';

/** Client names that hide a formula behind a separator, a quote or a line break. */
const HOSTILE_NAMES = [
  'Acme;=HYPERLINK("http://x.test")',
  'Tab\t+SUM(1,2)',
  'Semi; @cmd|calc',
  'Line\n-2+3',
  'Quote"=1;x',
  'Comma,=2',
  'Plain=Tail;-3',
];

/** The names as the CSV shows them, worked out by hand: a ' before each formula start after a separator. */
const SHOWN_NAMES = [
  'Acme;\'=HYPERLINK("http://x.test")',
  'Tab\t\'+SUM(1,2)',
  'Semi; @cmd|calc',
  'Line\n\'-2+3',
  'Quote"=1;x',
  'Comma,\'=2',
  'Plain=Tail;\'-3',
];

/** RFC 4180 read with any separator: quoted cells may hold separators, quotes (doubled) and line breaks. */
function readCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted) {
      if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) endCell();
    else if (char === '\n' || (char === '\r' && text[i + 1] === '\n')) {
      if (char === '\r') i++;
      endRow();
    } else cell += char;
  }
  if (cell !== '' || row.length) endRow();
  return rows;
}

describeEachDatabase('the CSV register quotes every cell a separator could split (issue 25)', (database) => {
  const api = useApi(database);

  it('opened with , ; or tab as the separator, no text cell begins with = + - or @', async () => {
    const billType = api.registry.billTypes.find((b) => b.countsAsSales)!;
    for (const [i, clientname] of HOSTILE_NAMES.entries()) {
      const saved = await api.save(billType, i + 1, { [billType.roles.clientName.name]: clientname, date: '2026-11-05' });
      expect(saved.statusCode, `${clientname}: ${saved.body.slice(0, 200)}`).toBe(200);
    }
    const answer = await api.post(`/api/${billType.unit}/salesregister`, { from: '2026-11-01', to: '2026-11-30', format: 'csv' });
    expect(answer.statusCode).toBe(200);
    const text = answer.rawPayload.subarray(3).toString('utf8');

    const byComma = readCsv(text, ',');
    // Read as written (comma-separated), each name is whole, a ' kept before each formula start; after the totals,
    // the audit chain's head.
    expect(byComma.slice(1, -2).map((row) => row[3])).toEqual(SHOWN_NAMES);
    expect(byComma.at(-1)).toEqual([`Audit chain head: ${answer.headers['x-audit-head']}`]);
    for (const separator of [',', ';', '\t']) {
      for (const row of readCsv(text, separator)) {
        for (const cell of row) {
          // Money figures are numbers (a round-off may be -0.40); any other cell must not start a formula.
          if (/^-?\d+(\.\d+)?$/.test(cell)) continue;
          expect(cell, `separator ${JSON.stringify(separator)} in ${JSON.stringify(row)}`).not.toMatch(/^[=+\-@]/);
        }
      }
    }
  });
});
