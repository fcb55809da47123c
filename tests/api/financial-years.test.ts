import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildApiServer } from '../../src/server/api-server';
import { openStorage, type DatabaseOptions } from '../../src/server/storage';
import { SQLITE_FILE } from '../../src/server/storage/database';
import { migrateUpTo } from '../../src/server/storage/migrations';
import { OwnSchemaPostgresDialect } from '../../src/server/storage/own-schema-introspector';
import type { SqlDialect, Tables } from '../../src/server/storage/tables';
import { describeEachDatabase } from './databases';
import { AUTH_SECRET, jsonOf, OPERATOR, useApi } from './harness';

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'fy-pdf-'));
  try {
    writeFileSync(join(dir, 'bill.pdf'), pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'bill.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fileNameOf = (response: { headers: Record<string, unknown> }) =>
  /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))?.[1];

describeEachDatabase('financial years: series that restart on 1 April (issue 27)', (database) => {
  const api = useApi(database);
  const invoice = () => api.registry.byType('taxinvoice')!;
  const quotation = () => api.registry.byType('taxquotation')!;
  const setSeries = (series: Record<string, string>) => api.post('/api/gst/saveprofile', { series });
  const lastNumber = async (billtype: string, date?: string) =>
    jsonOf(await api.post('/api/common/getbillno', { billtype, ...(date && { date }) })).billno;

  it('answers every type of the unit with its default series; the spec numbers stay bare', async () => {
    const { profile } = jsonOf(await api.post('/api/gst/getprofile'));
    expect(profile.series).toMatchObject({ taxinvoice: '{n}', taxservice: 'S/{n}', taxquotation: '{n}' });
    expect(Object.keys(profile.series).sort()).toEqual(api.registry.billTypes.filter((b) => b.unit === 'gst').map((b) => b.type).sort());
  });

  it('refuses a series the e-invoice pattern would refuse at 9,999 bills, naming the type, and saves nothing', async () => {
    for (const [format, words] of [
      ['GSTINVOICE/{fy}/{n:4}', 'would print "GSTINVOICE/26-27/0001"'],
      ['gi/{fy}/{n}', 'would print "gi/26-27/1"'],
      ['{n:4}', 'would print "0001"'],
      ['GI/{fy}', 'needs the counter {n}'],
      ['S/{n}', 'Tax Invoice Bill and Tax Service Bill would print the same numbers'],
    ]) {
      const response = await setSeries({ taxinvoice: format });
      expect(response.statusCode, format).toBe(400);
      expect(jsonOf(response).msg).toContain(words);
      if (!words.includes('same numbers')) expect(jsonOf(response).msg).toContain('Tax Invoice Bill');
    }
    expect((await setSeries({ nosuchtype: '{n}' })).statusCode).toBe(400);
    expect(jsonOf(await api.post('/api/gst/getprofile')).profile.series.taxinvoice).toBe('{n}');
  });

  it('numbers 31-03-2026 and 01-04-2026 both No. 1 in a restarting series, told apart by fy', async () => {
    const saved = await setSeries({ taxinvoice: 'GI/{fy}/{n:4}' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(jsonOf(await api.post('/api/gst/getprofile')).profile.series).toMatchObject({ taxinvoice: 'GI/{fy}/{n:4}', taxservice: 'S/{n}' });

    expect(await lastNumber('taxinvoice', '2026-03-31')).toEqual({ billno: 0 });
    const march = await api.save(invoice(), 1, { date: '2026-03-31' });
    expect(march.statusCode, march.body).toBe(200);
    expect(fileNameOf(march)).toMatch(/^GI_25-26_0001-/);
    expect(pdfText(march.rawPayload)).toContain('GI/25-26/0001');

    // 1 April: the series starts again.
    expect((await lastNumber('taxinvoice', '2026-04-01')).billno).toBe(0);
    const april = await api.save(invoice(), 1, { date: '2026-04-01' });
    expect(april.statusCode, april.body).toBe(200);
    expect(pdfText(april.rawPayload)).toContain('GI/26-27/0001');
    expect((await lastNumber('taxinvoice', '2026-04-01')).billno).toBe(1);
    expect((await lastNumber('taxinvoice', '2026-03-01')).billno).toBe(1);
    // Without a date: the year of today.
    expect(await lastNumber('taxinvoice')).toEqual({ billno: 1 });
    expect((await api.post('/api/common/getbillno', { billtype: 'taxinvoice', date: '2026-02-30' })).statusCode).toBe(400);

    // The same number again in one year is refused; last year's next number is free.
    expect((await api.save(invoice(), 1, { date: '2026-05-01' })).statusCode).toBe(409);
    expect((await api.save(invoice(), 2, { date: '2026-03-30' })).statusCode).toBe(200);

    const getBill = async (fy?: string) => jsonOf(await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 1, ...(fy && { fy }) }));
    expect((await getBill('2025-26')).bill).toMatchObject({ billno: 1, date: '2026-03-31', fy: '2025-26', printedno: 'GI/25-26/0001' });
    expect((await getBill('2026-27')).bill).toMatchObject({ billno: 1, date: '2026-04-01', fy: '2026-27', printedno: 'GI/26-27/0001' });
    // No year named: this year's No. 1 (there are two).
    expect((await getBill()).bill.date).toBe('2026-04-01');
    expect((await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 1, fy: '2026' })).statusCode).toBe(400);
    expect((await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 1, fy: '2019-20' })).statusCode).toBe(404);

    const pdf = await api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno: 1, fy: '2025-26' });
    expect(pdfText(pdf.rawPayload)).toContain('GI/25-26/0001');

    // Lists: one year at a time, each row with its year and printed number.
    const list = jsonOf(await api.post('/api/common/getbill', { billtype: 'taxinvoice', fy: '2025-26', limit: 10 }));
    expect(list.total).toBe(2);
    expect(list.bill.map((row: { printedno: string }) => row.printedno)).toEqual(['GI/25-26/0002', 'GI/25-26/0001']);
    const found = jsonOf(await api.post('/api/common/getbill', { billtype: 'taxinvoice', search: 'GI/26-27/0001', limit: 10 }));
    expect(found.bill).toEqual([expect.objectContaining({ billno: 1, fy: '2026-27' })]);

    // An update keeps the bill's year: its date may not move into another one.
    const moved = await api.save(invoice(), 1, { date: '2026-04-02', fy: '2025-26' }, 'update');
    expect(moved.statusCode).toBe(400);
    expect(jsonOf(moved).msg).toContain('2025-26');
    const updated = await api.save(invoice(), 1, { date: '2026-03-15', fy: '2025-26', clientaddress: 'Moved address' }, 'update');
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await getBill('2025-26')).bill).toMatchObject({ clientaddress: 'Moved address', printedno: 'GI/25-26/0001' });

    // GSTR-1: inum and the doc_issue series in printed form, per year.
    const march2026 = jsonOf(await api.post('/api/gst/gstr1', { fp: '032026' }));
    const docs = march2026.doc_issue.doc_det[0].docs;
    expect(docs).toEqual([expect.objectContaining({ from: 'GI/25-26/0001', to: 'GI/25-26/0002', totnum: 2, cancel: 0 })]);
    expect(march2026.b2b[0].inv.map((inv: { inum: string }) => inv.inum).sort()).toEqual(['GI/25-26/0001', 'GI/25-26/0002']);

    // Deleting names the year; the number stays taken in that year only.
    expect((await api.post('/api/common/deletebill', { billtype: 'taxinvoice', billno: 2, fy: '2025-26' })).statusCode).toBe(200);
    expect((await api.save(invoice(), 2, { date: '2026-03-20' })).statusCode).toBe(409);
    expect((await api.save(invoice(), 2, { date: '2026-04-20' })).statusCode).toBe(200);
    expect(await setSeries({ taxinvoice: '{n}' })).toMatchObject({ statusCode: 200 });
  });

  it('a series that runs on keeps numbers unique across years, and a bill named without its year is found', async () => {
    const type = quotation();
    expect((await api.save(type, 7, { date: '2026-02-10' })).statusCode).toBe(200);
    expect((await api.save(type, 7, { date: '2026-06-10' })).statusCode).toBe(409);
    expect(await lastNumber('taxquotation', '2026-06-10')).toEqual({ billno: 7 });
    const bill = jsonOf(await api.post('/api/gst/getbill', { billtype: 'taxquotation', billno: 7 })).bill;
    expect(bill).toMatchObject({ date: '2026-02-10', fy: '2025-26', printedno: '7' });
  });
});

describeEachDatabase('filed months stay filed (issue 27)', (database) => {
  const api = useApi(database);
  const lock = (body: object) => api.post('/api/gst/lockperiod', body);

  it('refuses every change of a sales bill dated in a filed month, not of quotations; unlocking needs the password', async () => {
    const invoice = api.registry.byType('taxinvoice')!;
    const quotation = api.registry.byType('taxquotation')!;
    expect((await api.save(invoice, 1, { date: '2026-10-15' })).statusCode).toBe(200);
    expect((await api.save(invoice, 2, { date: '2026-10-20' })).statusCode).toBe(200);
    expect((await api.save(quotation, 1, { date: '2026-10-15' })).statusCode).toBe(200);
    expect(jsonOf(await api.post('/api/gst/getlock'))).toEqual({ upto: null });

    expect((await lock({ upto: '2026-10-15' })).statusCode).toBe(400);
    expect((await lock({})).statusCode).toBe(400);
    const locked = await lock({ upto: '2026-10-31' });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(jsonOf(await api.post('/api/gst/getlock'))).toEqual({ upto: '2026-10-31' });

    const refusals = [
      await api.save(invoice, 3, { date: '2026-10-31' }),
      await api.save(invoice, 1, { date: '2026-10-15', clientaddress: 'Changed' }, 'update'),
      await api.save(invoice, 2, { date: '2026-11-02' }, 'update'),
      await api.post('/api/common/deletebill', { billtype: 'taxinvoice', billno: 1 }),
      await api.save(invoice, 4, { date: '2026-10-16', convertfrom: { billtype: 'taxquotation', billno: 1 } }),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode, refusal.body).toBe(409);
      expect(jsonOf(refusal).msg).toBe(
        'GSTR-1 is filed up to October 2026: a bill dated on or before 31-10-2026 cannot be created, changed or deleted.',
      );
    }
    expect(jsonOf(await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 1 })).bill.clientaddress).not.toBe('Changed');
    // After the filed month, and quotations of any date, go on as before.
    expect((await api.save(invoice, 3, { date: '2026-11-01' })).statusCode).toBe(200);
    expect((await api.save(quotation, 1, { date: '2026-10-15', clientaddress: 'Q' }, 'update')).statusCode).toBe(200);
    expect((await api.save(quotation, 2, { date: '2026-10-02' })).statusCode).toBe(200);

    // A second server on the same database holds the same lock.
    const storage = await openStorage({ ...api.databaseOptions, registry: api.registry });
    const second = await buildApiServer({ registry: api.registry, storage, authSecret: AUTH_SECRET });
    try {
      const other = await second.inject({
        method: 'POST',
        url: '/api/common/deletebill',
        headers: { authorization: `Bearer ${api.token}` },
        payload: { billtype: 'taxinvoice', billno: 2 },
      });
      expect(other.statusCode).toBe(409);
    } finally {
      await second.close();
      await storage.close();
    }

    // Moving it back: refused without the password and with a wrong one, done with it, audited.
    expect((await lock({ upto: '2026-09-30' })).statusCode).toBe(403);
    expect((await lock({ upto: '2026-09-30', password: 'wrong password' })).statusCode).toBe(403);
    expect(jsonOf(await api.post('/api/gst/getlock'))).toEqual({ upto: '2026-10-31' });
    expect((await lock({ upto: '2026-09-30', password: OPERATOR.password })).statusCode).toBe(200);
    expect((await api.post('/api/common/deletebill', { billtype: 'taxinvoice', billno: 2 })).statusCode).toBe(200);
    const audit = await api.storage.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'lock').orderBy('id').execute();
    expect(audit.map((row) => [row.operator, JSON.parse(row.before ?? '{}').upto, JSON.parse(row.after ?? '{}').upto])).toEqual([
      [OPERATOR.email, '', '2026-10-31'],
      [OPERATOR.email, '2026-10-31', '2026-09-30'],
    ]);
  });
});

describeEachDatabase('a database from before financial years (migration 0014)', (database) => {
  it('gives every stored bill the year of its date and keeps every number and printed number', async () => {
    const scratch = await database.create();
    try {
      const { db, dialect } = rawDatabase(scratch.options);
      await migrateUpTo(db, dialect, '0010_unregistered_buyers_within_the_state');
      const insert = (type: string, unit: string, billno: number, date: string) =>
        sql`insert into bills (unit, type, billno, bill_date, client_name, header, lines, created_at, created_by, updated_at, updated_by)
            values (${unit}, ${type}, ${billno}, ${date}, 'Kaveri Agro', ${JSON.stringify({ date, clientname: 'Kaveri Agro' })}, '[]', 'x', 'x', 'x', 'x')`.execute(db);
      await insert('taxservice', 'gst', 3, '2026-03-31');
      await insert('taxservice', 'gst', 4, '2026-04-01');
      await insert('invoice', 'alfadiesel', 9, '2025-01-05');
      await insert('invoice', 'alfadiesel', 10, '2025-04-30');
      await db.destroy();

      const storage = await openStorage(scratch.options);
      try {
        const rows = await storage.database.db.selectFrom('bills').select(['type', 'billno', 'fy', 'printed_no']).orderBy('id').execute();
        expect(rows.map((row) => ({ ...row, billno: Number(row.billno), fy: Number(row.fy) }))).toEqual([
          { type: 'taxservice', billno: 3, fy: 2025, printed_no: 'S/3' },
          { type: 'taxservice', billno: 4, fy: 2026, printed_no: 'S/4' },
          { type: 'invoice', billno: 9, fy: 2024, printed_no: '9' },
          { type: 'invoice', billno: 10, fy: 2025, printed_no: '10' },
        ]);
        // The new key is (unit, type, fy, billno): two No. 9 of one type in one year are refused.
        const db = storage.database.db;
        await sql`update bills set fy = 2024 where billno = 10`.execute(db);
        await expect(sql`update bills set billno = 9 where billno = 10`.execute(db)).rejects.toThrow(/unique/i);
        await sql`update bills set fy = 2025 where billno = 10`.execute(db);
        await sql`update bills set billno = 9 where billno = 10`.execute(db);
      } finally {
        await storage.close();
      }
    } finally {
      await scratch.dispose();
    }
  });
});

/** A connection to a scratch database that runs no migrations of its own. */
function rawDatabase(options: DatabaseOptions): { db: Kysely<Tables>; dialect: SqlDialect } {
  if (options.databaseUrl) {
    return { db: new Kysely<Tables>({ dialect: new OwnSchemaPostgresDialect({ pool: new pg.Pool({ connectionString: options.databaseUrl, max: 1 }) }) }), dialect: 'postgres' };
  }
  const sqlite = new SqliteDatabase(join(options.dataDir!, SQLITE_FILE));
  return { db: new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
}
