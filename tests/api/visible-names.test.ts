import { expect, it } from 'vitest';
import { hasVisibleText, pdfFileName } from '../../src/engine/core';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

describeEachDatabase('names a person can see', (database) => {
  const api = useApi(database);

  it.each([
    ['zero-width spaces', '\u200B\u200B'],
    ['a bare right-to-left override', '\u202E'],
    ['bidi isolates, a word joiner and a BOM', '\u2066\u2069\u2060\uFEFF'],
    ['Hangul fillers and a no-break space', '\u3164\u00A0\u115F'],
  ])('refuses a client name of only %s with the spec message, like an empty one', async (_, clientname) => {
    const invoice = api.registry.byType('invoice')!;
    const empty = await api.save(invoice, 1, { clientname: '' });
    expect(empty.statusCode).toBe(400);
    const invisible = await api.save(invoice, 1, { clientname });
    expect(invisible.statusCode).toBe(400);
    expect(jsonOf(invisible)).toEqual(jsonOf(empty));
    expect(jsonOf(invisible).msg).toMatch(/^Please provide /);
  });

  it('stores text in NFC: "Café" typed decomposed is the same name as typed composed', async () => {
    const invoice = api.registry.byType('invoice')!;
    const decomposed = 'Cafe\u0301 Diesels';
    expect((await api.save(invoice, 2, { clientname: decomposed })).statusCode).toBe(200);
    const stored = jsonOf(await api.post(invoice.getPath, { billtype: 'invoice', billno: 2 })).bill;
    expect(stored.clientname).toBe('Caf\u00e9 Diesels');
    const list = jsonOf(await api.post('/api/common/getbill', { billtype: 'invoice', search: 'Caf\u00e9' }));
    expect(list.bill.map((row: { billno: number }) => row.billno)).toEqual([2]);
  });

  it('saves catalog names in NFC, and refuses an invisible one', async () => {
    const catalog = Object.values(api.registry.catalogs)[0];
    const saved = await api.post(`/api/common/${catalog.save}`, { [catalog.nameKey]: 'Cafe\u0301 Oil' });
    expect(saved.statusCode).toBe(200);
    const list = jsonOf(await api.get(`/api/common/${catalog.get}`))[catalog.listKey] as Record<string, unknown>[];
    expect(list.map((entry) => entry[catalog.nameKey])).toContain('Caf\u00e9 Oil');
    const invisible = await api.post(`/api/common/${catalog.save}`, { [catalog.nameKey]: '\u200B\u202E' });
    expect(invisible.statusCode).toBe(400);
    expect(jsonOf(invisible)).toEqual({ msg: `Please provide the ${catalog.nameKey} name.` });
  });

  it('keeps a name with visible text around format characters, and drops the bidi override from its PDF file name', async () => {
    const invoice = api.registry.byType('invoice')!;
    const created = await api.save(invoice, 3, { clientname: 'Shree\u202Efdp.exe' });
    expect(created.statusCode).toBe(200);
    expect(created.headers['content-disposition']).toContain(`filename*=UTF-8''3-Shreefdp.exe.pdf`);
  });
});

it('agrees with the schema pattern on what is blank, and pdfFileName removes format characters', () => {
  for (const blank of ['', ' ', '\u200B', '\u202E\u202C', '\u3164', '\u2800', '\t\u00AD'])
    expect(hasVisibleText(blank)).toBe(false);
  for (const visible of ['a', ' Café ', '\u202Eabc', 'ملف', '😀']) expect(hasVisibleText(visible)).toBe(true);
  expect(pdfFileName(7, 'Ravi\u202E\u200Bfdp.exe')).toBe('7-Ravifdp.exe.pdf');
  expect(pdfFileName(8, 'Cafe\u0301')).toBe('8-Caf\u00e9.pdf');
});
