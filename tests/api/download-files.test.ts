import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

/** A name a client may really have (a quote) with a bidi override that would make `…exe.pdf` read as `…fdp.exe`. */
const QUOTED = 'Sharma "Diesel" Works \u202Efdp.exe';
const row = (rupees: number) => ({ srno: 1, goods: 'Fuel injection pump', qty: '1', rate: String(rupees), per: 'per', amount: String(rupees) });

/** The file names of a Content-Disposition as the tests of bill PDFs read them: the ASCII one and the UTF-8 one. */
function fileNamesOf(header: string | undefined): string[] {
  const match = /^attachment; filename="([\x20-\x7e]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]*)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  return [match![1], decodeURIComponent(match![2])];
}

describeEachDatabase('files people open', (database) => {
  const api = useApi(database);

  it('the CSV cell: a statement writes money as numbers (-590.00), guarding only text; download names are safe', async () => {
    const invoice = api.registry.byType('invoice')!;
    expect((await api.save(invoice, 1, { clientname: QUOTED, date: '2026-09-01', product: [row(1000)] })).statusCode).toBe(200);
    // 1,590 received against a bill of 1,000: the client is owed 590, a negative balance.
    const paid = await api.post('/api/alfadiesel/savepayment', {
      clientname: QUOTED,
      date: '2026-09-10',
      amount: 1590,
      mode: 'cash',
      allocations: [{ billtype: 'invoice', billno: 1, fy: '2026-27', amount: 1000 }],
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const statement = (format: string) => api.post('/api/alfadiesel/statement', { clientname: QUOTED, from: '2026-09-01', to: '2026-09-30', format });
    const csv = await statement('csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')).toEqual([
      '\uFEFFDate,Particulars,No.,Debit,Credit,Balance',
      '2026-09-01,Opening balance,,,,0.00',
      '2026-09-01,Invoice Bill,1,1000.00,,1000.00',
      '2026-09-10,Payment received (Cash),R/1,,1590.00,-590.00',
      '2026-09-30,Closing balance,,,,-590.00',
      '',
    ]);

    const downloads = [csv, await statement('pdf'), await api.post('/api/alfadiesel/showreceipt', { _id: jsonOf(paid)._id })];
    for (const download of downloads) {
      expect(download.statusCode).toBe(200);
      for (const name of fileNamesOf(download.headers['content-disposition'] as string)) {
        // No quote to end the value, no control or bidi character, no directory part.
        // eslint-disable-next-line no-control-regex -- control characters are what it looks for
        expect(name).not.toMatch(/["\\/\u0000-\u001f\u202e]/);
        expect(name).toContain('Sharma _Diesel_ Works fdp.exe');
      }
    }
  });
});
