import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config';
import { startServer } from '../../src/server/main';
import { openStorage, type DatabaseOptions } from '../../src/server/storage';
import { migrateUpTo } from '../../src/server/storage/migrations';
import { OwnSchemaPostgresDialect } from '../../src/server/storage/own-schema-introspector';
import { describeEachDatabase } from './databases';
import { jsonOf, OPERATOR, useApi } from './harness';
import { operatorInProcess } from './operator-cli-in-process';

type Row = Record<string, unknown>;

/** A second connection to the test's database, as someone holding the database (not the key) has. */
async function onDatabase<T>(options: DatabaseOptions, use: (run: (statement: string) => Promise<Row[]>) => Promise<T>): Promise<T> {
  if (options.databaseUrl) {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    try {
      return await use(async (statement) => (await client.query(statement)).rows);
    } finally {
      await client.end();
    }
  }
  const sqlite = new SqliteDatabase(join(options.dataDir, 'billing.sqlite'));
  try {
    return await use(async (statement) => {
      const prepared = sqlite.prepare(statement);
      return prepared.reader ? (prepared.all() as Row[]) : (prepared.run(), []);
    });
  } finally {
    sqlite.close();
  }
}

const literal = (value: unknown) => (value === null ? 'null' : typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);
const COLUMNS = ['id', 'at', 'operator', 'action', 'unit', 'type', 'billno', 'before', 'after', 'seq', 'hash'];
/** An INSERT of a whole audit row as it was read (its id too), to put a deleted row back. */
const insertOf = (row: Row) =>
  `insert into audit_log (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${COLUMNS.map((c) => literal(row[c])).join(', ')})`;

describeEachDatabase('the audit chain: tamper-evident (issue 45)', (database) => {
  const api = useApi(database);
  const sqlOn = <T>(use: (run: (statement: string) => Promise<Row[]>) => Promise<T>) => onDatabase(api.databaseOptions, use);
  const verify = async (head?: string) => jsonOf(await api.post('/api/common/verifyaudit', head === undefined ? {} : { head }));
  const cli = (...args: string[]) => operatorInProcess(['audit', 'verify', ...args], api.databaseOptions);
  const rowAt = async (seq: number) => (await sqlOn((run) => run(`select * from audit_log where seq = ${seq}`)))[0];
  let rows: number;

  beforeAll(async () => {
    const taxInvoice = api.registry.byType('taxinvoice')!;
    for (const billno of [1, 2, 3, 4]) expect((await api.save(taxInvoice, billno)).statusCode).toBe(200);
    expect((await api.save(taxInvoice, 1, {}, 'update')).statusCode).toBe(200);
    rows = (await verify()).rows;
  });

  /** A change by hand is named by the API and the CLI; put back, the chain verifies again. */
  async function namedThenRepaired(tamper: string[], named: RegExp, repair: string[]) {
    await sqlOn(async (run) => {
      for (const statement of tamper) await run(statement);
    });
    try {
      const verdict = await verify();
      expect(verdict).toMatchObject({ ok: false, rows });
      expect(verdict.msg).toMatch(named);
      const answer = await cli();
      expect(answer.code).toBe(1);
      expect(answer.stderr.trimEnd()).toMatch(named);
    } finally {
      await sqlOn(async (run) => {
        for (const statement of repair) await run(statement);
      });
    }
    expect(await verify()).toMatchObject({ ok: true, rows });
  }

  it('numbers the rows 1, 2, ... in the order written, and verifies whole over the API and the CLI', async () => {
    const stored = await sqlOn((run) => run('select id, seq, hash from audit_log order by id'));
    expect(stored.map((row) => Number(row.seq))).toEqual(stored.map((_, i) => i + 1));
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(String(row.hash)))).toBe(true);
    const verdict = await verify();
    expect(verdict).toEqual({
      ok: true,
      rows: stored.length,
      head: `${stored.length}:${stored.at(-1)!.hash}`,
      msg: `The audit chain of ${stored.length} rows verifies; head ${stored.length}:${stored.at(-1)!.hash}.`,
    });
    const answer = await cli();
    expect(answer).toMatchObject({ code: 0, stderr: '' });
    expect(answer.stdout.trim()).toBe(verdict.msg);
  });

  it('names a row changed by hand', async () => {
    const third = await rowAt(3);
    await namedThenRepaired(
      [`update audit_log set "after" = '{"forged":true}' where seq = 3`],
      new RegExp(`^Row 3 \\(\\d+ \\w+ \\d{4} \\d\\d:\\d\\d UTC, ${OPERATOR.email}, ${third.action} [^)]*\\) was changed\\.$`),
      [`update audit_log set "after" = ${literal(third.after)} where seq = 3`],
    );
    await namedThenRepaired([`update audit_log set operator = 'someone@else.test' where seq = ${rows}`], new RegExp(`^Row ${rows} .* was changed\\.$`), [
      `update audit_log set operator = ${literal((await rowAt(rows)).operator)} where seq = ${rows}`,
    ]);
  });

  it('names a row deleted by hand, in the chain and at its end', async () => {
    const second = await rowAt(2);
    await namedThenRepaired(['delete from audit_log where seq = 2'], /^Row 2 was deleted: the chain goes from row 1 to row 3\.$/, [insertOf(second)]);
    const last = await rowAt(rows);
    await namedThenRepaired(
      [`delete from audit_log where seq = ${rows}`],
      new RegExp(`^Row ${rows} was deleted: the head says the chain has ${rows} rows, and it ends at row ${rows - 1}\\.$`),
      [insertOf(last)],
    );
  });

  it('names a row inserted by hand: outside the chain, past its head, or in place of another', async () => {
    const forged = (seq: string) =>
      `insert into audit_log (at, operator, action, unit, type, billno, "before", "after", seq, hash) values ('2026-11-21T10:00:00.000Z', 'intruder@else.test', 'delete', 'gst', 'taxinvoice', 2, null, null, ${seq}, '${'f'.repeat(64)}')`;
    await namedThenRepaired(
      [forged('null')],
      new RegExp(`^A row that is not in the chain was inserted after row ${rows} \\(21 Nov 2026 10:00 UTC, intruder@else.test, delete Tax Invoice Bill 2\\)\\.$`),
      ['delete from audit_log where seq is null'],
    );
    await namedThenRepaired(
      [forged(String(rows + 1))],
      new RegExp(`^Row ${rows + 1} \\(21 Nov 2026 10:00 UTC, intruder@else.test, delete Tax Invoice Bill 2\\) was inserted after the head \\(row ${rows}\\)\\.$`),
      [`delete from audit_log where seq = ${rows + 1}`],
    );
    const second = await rowAt(2);
    await namedThenRepaired(
      ['delete from audit_log where seq = 2', forged('2')],
      /^Row 2 \(21 Nov 2026 10:00 UTC, intruder@else.test, delete Tax Invoice Bill 2\) does not belong where it sits: it was inserted out of order\.$/,
      ['delete from audit_log where seq = 2', insertOf(second)],
    );
  });

  it('confirms a head given out earlier while it is in the chain, and refuses one that is not', async () => {
    const earlier = (await verify()).head as string;
    const [count, hash] = earlier.split(':');
    expect((await api.save(api.registry.byType('taxinvoice')!, 9)).statusCode).toBe(200);
    rows = (await verify()).rows;
    expect(rows).toBeGreaterThan(Number(count));

    const confirmed = await verify(earlier);
    expect(confirmed).toMatchObject({ ok: true, rows });
    expect(confirmed.msg).toMatch(new RegExp(`^The audit chain of ${rows} rows verifies; head ${rows}:[0-9a-f]{64}\\. The head ${earlier} given is in the chain\\.$`));
    expect(await cli('--head', earlier)).toMatchObject({ code: 0 });

    const rewritten = `${count}:${'0'.repeat(64)}`;
    expect(await verify(rewritten)).toMatchObject({
      ok: false,
      msg: expect.stringContaining(`The head ${rewritten} given is not in the chain: row ${count} now has another hash`),
    });
    const refused = await cli('--head', rewritten);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The head ${rewritten} given is not in the chain`);

    const cutOff = `${rows + 3}:${hash}`;
    expect((await verify(cutOff)).msg).toContain(`The head ${cutOff} given is not in the chain: the chain now has ${rows} rows, so rows were deleted from its end.`);
  });

  it('answers 400 {msg} to a head that is not N:HASH, and the CLI says how to give one', async () => {
    for (const head of ['12', 'twelve:abc', `3:${'g'.repeat(64)}`, 7, ['3:x']]) {
      const answer = await api.post('/api/common/verifyaudit', { head });
      expect(answer.statusCode).toBe(400);
      expect(jsonOf(answer).msg).toMatch(/^head must be a chain head as printed on a download: N:HASH/);
    }
    const answer = await cli('--head', 'nonsense');
    expect(answer.code).toBe(1);
    expect(answer.stderr).toMatch(/Give --head N:HASH/);
  });

  it('prints the head on the GSTR-1 and register downloads: a header, and a last line where people read the file', async () => {
    const { head } = await verify();
    const csv = await api.post('/api/gst/salesregister', { from: '2026-11-01', to: '2026-11-30', format: 'csv' });
    expect(csv.headers['x-audit-head']).toBe(head);
    expect(csv.body.split('\r\n').at(-2)).toBe(`Audit chain head: ${head}`);

    const xlsx = await api.post('/api/gst/salesregister', { from: '2026-11-01', to: '2026-11-30', format: 'xlsx' });
    expect(xlsx.headers['x-audit-head']).toBe(head);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Sales Register')!;
    expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe(`Audit chain head: ${head}`);

    const json = await api.post('/api/gst/salesregister', { from: '2026-11-01', to: '2026-11-30' });
    expect(json.headers['x-audit-head']).toBe(head);
    const gstr1 = await api.post('/api/gst/gstr1', { fp: '112026' });
    expect(gstr1.headers['x-audit-head']).toBe(head);
    // The published GSTR-1 shape has no place for it: the header only.
    expect(gstr1.body).not.toContain(head.split(':')[1]);
  });

  it('seals the rows written before the chain at the first start, in the order they were written', async () => {
    const scratch = await database.create();
    try {
      const { databaseUrl, dataDir } = scratch.options;
      // The server's dialect: Kysely's stock introspector, which the migrator asks, failed when another file dropped
      // its schema at that moment (`schema "…" does not exist`).
      const older = new Kysely<any>({
        dialect: databaseUrl
          ? new OwnSchemaPostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) })
          : new SqliteDialect({ database: new SqliteDatabase(join(dataDir, 'billing.sqlite')) }),
      });
      await migrateUpTo(older, databaseUrl ? 'postgres' : 'sqlite', '0026_operator_roles');
      // More than a page of rows (the migration seals 500 at a time), with gaps in their ids.
      for (let start = 0; start < 1300; start += 100) {
        await older
          .insertInto('audit_log')
          .values(Array.from({ length: 100 }, (_, i) => ({ at: `2026-10-01T10:00:${String((start + i) % 60).padStart(2, '0')}.000Z`, operator: 'old@alfadiesel.test', action: 'update', unit: 'gst', type: 'taxinvoice', billno: start + i + 1, before: null, after: `{"n":${start + i}}` })))
          .execute();
      }
      await older.deleteFrom('audit_log').where('billno', 'in', [5, 600, 1300]).execute();
      await older.destroy();

      const storage = await openStorage({ ...scratch.options, registry: api.registry });
      try {
        expect(await storage.auditChain.verify()).toMatchObject({ ok: true, rows: 1297 });
        const rowsNow = await storage.database.db.selectFrom('audit_log').select(['seq', 'billno']).orderBy('id').execute();
        expect(rowsNow.map((row) => Number(row.seq))).toEqual(rowsNow.map((_, i) => i + 1));
        expect(rowsNow.slice(0, 5).map((row) => row.billno)).toEqual([1, 2, 3, 4, 6]);
      } finally {
        await storage.close();
      }
    } finally {
      await scratch.dispose();
    }
  });

  it('keeps its key beside DATA_DIR, owner only, and refuses to open the database, or start a server, with another key', async () => {
    const { dataDir } = api.databaseOptions;
    const keyFile = `${dataDir}.audit-key`;
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, '.audit-key'))).toBe(false);

    const otherKey = 'ab'.repeat(32);
    await expect(openStorage({ ...api.databaseOptions, auditKey: otherKey })).rejects.toThrow(
      /^The audit key from AUDIT_KEY is not the key this database's audit chain \(\d+ rows\) was sealed with: give the server the key the chain was sealed with, in AUDIT_KEY or AUDIT_KEY_FILE/,
    );
    const scratch = mkdtempSync(join(tmpdir(), 'billing-audit-key-'));
    try {
      const file = join(scratch, 'key');
      writeFileSync(file, `${otherKey}\n`);
      await expect(openStorage({ ...api.databaseOptions, auditKeyFile: file })).rejects.toThrow(`The audit key from AUDIT_KEY_FILE (${file}) is not the key`);
      await expect(openStorage({ ...api.databaseOptions, auditKeyFile: join(scratch, 'missing') })).rejects.toThrow(/^AUDIT_KEY_FILE \(.*missing\) cannot be read \(ENOENT\)/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    await expect(openStorage({ ...api.databaseOptions, auditKey: 'abcd' })).rejects.toThrow(/^AUDIT_KEY must hold the audit key as hex, at least 32 bytes/);

    const startWith = (env: NodeJS.ProcessEnv) =>
      startServer(configFromEnv({ DATA_DIR: dataDir, DATABASE_URL: api.databaseOptions.databaseUrl ?? '', PORT: '0', LOG_LEVEL: 'silent', ...env }), { print: () => {} });
    await expect(startWith({ AUDIT_KEY: otherKey })).rejects.toThrow(/^The audit key from AUDIT_KEY is not the key this database's audit chain/);
    // The right key, but the last row changed by hand: the server appends to no chain it cannot verify.
    const last = await rowAt(rows);
    await sqlOn((run) => run(`update audit_log set billno = 77 where seq = ${rows}`));
    try {
      await expect(startWith({})).rejects.toThrow(
        new RegExp(`^The audit chain's head \\(${rows}:[0-9a-f]{64}\\) does not verify with the key: run \`npm run operator -- audit verify\``),
      );
    } finally {
      await sqlOn((run) => run(`update audit_log set billno = ${literal(last.billno)} where seq = ${rows}`));
    }

    // The same key as a setting opens it, and the chain still verifies.
    const sameKey = readFileSync(keyFile, 'utf8');
    const storage = await openStorage({ ...api.databaseOptions, auditKey: sameKey, registry: api.registry });
    try {
      expect(await storage.auditChain.verify()).toMatchObject({ ok: true });
    } finally {
      await storage.close();
    }
  });
});
