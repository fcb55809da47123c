import { performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { clientNameKey } from '../../src/engine/core';
import { hashPassword } from '../../src/server/auth/passwords';
import { loadRegistry } from '../../src/server/schema-files';
import { RENDERS_PER_OPERATOR } from '../../src/server/http/render-limit';
import { pageCount, pdfText } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, OPERATOR, useApi, type Api, TEST_PASSWORD_COST } from './harness';
import { usePdfPool } from './pdf-workers';

const KAVERI = 'Kaveri Agro Industries';
/** The most a statement PDF prints line by line (payments.json), so each render lays out every one. */
const LINES = loadRegistry().payments!.statement.linesInFull;

/** LINES payments of the client through the year, written straight into storage (saving each would take minutes). */
async function seedPayments(api: Api) {
  const when = new Date().toISOString();
  const rows = Array.from({ length: LINES }, (_, i) => ({
    unit: 'alfadiesel',
    fy: 2026,
    receipt_no: i + 1,
    printed_no: `R/${i + 1}`,
    client_name: KAVERI,
    client_key: clientNameKey(KAVERI),
    pay_date: new Date(Date.UTC(2026, 3, 1 + (i % 360))).toISOString().slice(0, 10),
    amount: 10_000 + i,
    mode: 'cash',
    reference: '',
    notes: '',
    created_at: when,
    created_by: OPERATOR.email,
    updated_at: when,
    updated_by: OPERATOR.email,
  }));
  for (let at = 0; at < rows.length; at += 500) await api.storage.database.db.insertInto('payments').values(rows.slice(at, at + 500)).execute();
}

describeEachDatabase('six statement PDFs at once', (database) => {
  const api = useApi(database, undefined, usePdfPool({ threads: 2 }));
  const other = { email: 'second@alfadiesel.test', password: 'second operator pw' };

  it(`leave a trivial call answered within 200 ms; past ${RENDERS_PER_OPERATOR} of one operator 429 {msg}`, async () => {
    expect((await api.post('/api/common/saveclient', { clientname: KAVERI, clientaddress: 'Hosur Road, Bengaluru' })).statusCode).toBe(200);
    await seedPayments(api);
    await api.storage.operators.add(other.email, await hashPassword(other.password, TEST_PASSWORD_COST));
    const otherToken = jsonOf(await api.post('/api/auth/login', other, null)).authToken;

    let rendered = 0;
    const statement = (token?: string) =>
      api.post('/api/alfadiesel/statement', { clientname: KAVERI, from: '2026-04-01', to: '2027-03-31', format: 'pdf' }, token).then((response) => {
        if (response.statusCode === 200) rendered++;
        return response;
      });
    // Each operator asks for a fourth besides their three (six renders): the fourth is refused at once, so once
    // both refusals are in, all six are past their reads and rendering.
    const asked = (token?: string) => Array.from({ length: RENDERS_PER_OPERATOR + 1 }, () => statement(token));
    const mine = asked();
    const theirs = asked(otherToken);
    const refusals = await Promise.all([Promise.race(mine), Promise.race(theirs)]);
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(429);
      expect(jsonOf(refused)).toEqual({ msg: `You already have ${RENDERS_PER_OPERATOR} PDFs being made; please wait for them to finish and try again.` });
    }

    // Meanwhile (none rendered yet) a trivial call answers at once: on the request thread a statement took seconds.
    const started = performance.now();
    const list = await api.post('/api/common/getbill', { billtype: 'invoice', limit: 1 });
    const took = performance.now() - started;
    expect(list.statusCode).toBe(200);
    expect(rendered).toBe(0);
    expect(took).toBeLessThan(200);

    const answers = await Promise.all([...mine, ...theirs]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const pdf = answers.find((answer) => answer.statusCode === 200)!.rawPayload;
    expect(pageCount(pdf)).toBeGreaterThan(15);
    expect(pdfText(pdf)).toContain(`R/${LINES}`);
  }, 180_000);
});
