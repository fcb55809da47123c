import { expect, it } from 'vitest';
import { pdfText } from '../pdf/pdf-tools';
import { CRASHING_DAY, EXITING_CLIENT } from './crashing-client';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type TestServerOptions } from './harness';
import { usePdfPool } from './pdf-workers';

/** The server's error log, kept by the test: a worker's crash must be written there. */
function errorLog(): { lines: string[]; logger: TestServerOptions['logger'] } {
  const lines: string[] = [];
  return { lines, logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } };
}

const KAVERI = 'Kaveri Agro Industries';

describeEachDatabase('a worker killed mid-render', (database) => {
  const log = errorLog();
  const pool = usePdfPool({ workerFile: new URL('./crashing-pdf-worker.ts', import.meta.url) });
  const api = useApi(database, undefined, { ...pool, logger: log.logger });

  it('a bill: that request answers 503 {msg} and stores nothing, the crash is logged, the next bill renders', async () => {
    const invoice = api.registry.byType('invoice')!;
    const killed = await api.save(invoice, 1, { clientname: EXITING_CLIENT });
    expect(killed.statusCode).toBe(503);
    expect(jsonOf(killed)).toEqual({ msg: 'The PDF could not be made: the worker making it stopped. It has been restarted; please try again.' });
    expect(await api.storage.database.db.selectFrom('bills').selectAll().execute()).toEqual([]);
    expect(log.lines.join('')).toContain('worker exited with code: 1');

    const saved = await api.save(invoice, 1, { clientname: KAVERI });
    expect(saved.statusCode).toBe(200);
    expect(saved.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api.post('/api/common/getbill', { billtype: 'invoice' })).statusCode).toBe(200);
  });

  it('a statement: 503 {msg}, then the next statement renders in a fresh worker', async () => {
    expect((await api.post('/api/common/saveclient', { clientname: EXITING_CLIENT, clientaddress: 'Hosur Road, Bengaluru' })).statusCode).toBe(200);
    const statement = (clientname: string) => api.post('/api/alfadiesel/statement', { clientname, from: '2026-04-01', to: '2027-03-31', format: 'pdf' });
    const killed = await statement(EXITING_CLIENT);
    expect(killed.statusCode).toBe(503);
    expect(jsonOf(killed).msg).toContain('the worker making it stopped');

    const served = await statement(KAVERI);
    expect(served.statusCode).toBe(200);
    expect(pdfText(served.rawPayload)).toContain('STATEMENT OF ACCOUNT');
  });
});

describeEachDatabase('a report worker killed mid-query', (database) => {
  const log = errorLog();
  const api = useApi(database, undefined, { reportWorkerFile: new URL('./crashing-report-worker.ts', import.meta.url), logger: log.logger });

  // PostgreSQL's reports read through pg, with no worker to lose: the same calls answer 200 there.
  it('answers that report 503 {msg}, logs the crash, and the next report is read by a fresh worker', async () => {
    expect((await api.save(api.registry.byType('invoice')!, 1, { clientname: KAVERI })).statusCode).toBe(200);
    const register = (to: string) => api.post('/api/alfadiesel/salesregister', { from: '2026-04-01', to });
    const killed = await register(CRASHING_DAY);
    if (database.name === 'SQLite') {
      expect(killed.statusCode).toBe(503);
      expect(jsonOf(killed)).toEqual({ msg: 'The report could not be made: the worker reading it stopped. It has been restarted; please try again.' });
      expect(log.lines.join('')).toContain('worker exited with code: 1');
    } else {
      expect(killed.statusCode).toBe(200);
    }
    const next = await register('2027-03-31');
    expect(next.statusCode).toBe(200);
    expect(jsonOf(next).rows).toHaveLength(1);
    expect((await api.post('/api/common/getbill', { billtype: 'invoice' })).statusCode).toBe(200);
  });
});

describeEachDatabase('a PDF worker that cannot start', (database) => {
  const log = errorLog();
  const pool = usePdfPool({ workerFile: new URL('./unstartable-pdf-worker.ts', import.meta.url) });
  const api = useApi(database, undefined, { ...pool, logger: log.logger });

  it('fails each render 503 {msg} and stores nothing, logs why, and the server keeps answering', async () => {
    const invoice = api.registry.byType('invoice')!;
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await api.save(invoice, 1, { clientname: KAVERI });
      expect(refused.statusCode).toBe(503);
      expect(jsonOf(refused).msg).toContain('the worker making it stopped');
    }
    // Why it could not start, with the module it could not load (piscina's loader words the error its own way).
    expect(log.lines.join('')).toContain('unstartable-pdf-worker.ts');
    expect(await api.storage.database.db.selectFrom('bills').selectAll().execute()).toEqual([]);
    expect(jsonOf(await api.post('/api/common/getbill', { billtype: 'invoice' })).bill).toEqual([]);
  });
});
