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
    ['marks that only modify a letter (U+0301, U+FE0F, U+034F)', '\u0301\uFE0F\u034F'],
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

  it('refuses a saved client of only invisible marks as a blank name', async () => {
    const blank = await api.post('/api/common/saveclient', { clientname: '', clientaddress: 'Pune' });
    for (const clientname of ['\u0301', '\uFE0F\uFE0F', '\u034F \u0301']) {
      const answer = await api.post('/api/common/saveclient', { clientname, clientaddress: 'Pune' });
      expect(answer.statusCode).toBe(400);
      expect(jsonOf(answer)).toEqual(jsonOf(blank));
    }
    expect(jsonOf(blank)).toEqual({ msg: 'Please provide your client company name.' });
  });

  it('answers a client name too long with the length message, counting characters as the bill check does', async () => {
    const invoice = api.registry.byType('invoice')!;
    const tooLong = 'Client Company Name must be at most 500 characters.';
    // 500 emoji are 500 characters (1,000 UTF-16 units): a bill takes the name, so a saved client does too.
    const fiveHundred = '\u{1F600}'.repeat(500);
    expect((await api.save(invoice, 4, { clientname: fiveHundred })).statusCode).toBe(200);
    expect((await api.post('/api/common/saveclient', { clientname: fiveHundred, clientaddress: 'Pune' })).statusCode).toBe(409);
    for (const clientname of ['\u{1F600}'.repeat(501), '\u2764\uFE0F'.repeat(500)]) {
      const answer = await api.post('/api/common/saveclient', { clientname, clientaddress: 'Pune' });
      expect(answer.statusCode).toBe(400);
      expect(jsonOf(answer)).toEqual({ msg: tooLong });
      expect(jsonOf(await api.save(invoice, 5, { clientname }))).toEqual({ msg: tooLong });
    }
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
  for (const blank of ['', ' ', '\u200B', '\u202E\u202C', '\u3164', '\u2800', '\t\u00AD', '\u0301\uFE0F\u034F'])
    expect(hasVisibleText(blank)).toBe(false);
  for (const visible of ['a', ' Café ', '\u202Eabc', 'ملف', '😀', 'e\u0301', '\u2764\uFE0F', 'क्ष']) expect(hasVisibleText(visible)).toBe(true);
  expect(pdfFileName(7, 'Ravi\u202E\u200Bfdp.exe')).toBe('7-Ravifdp.exe.pdf');
  expect(pdfFileName(8, 'Cafe\u0301')).toBe('8-Caf\u00e9.pdf');
});
