import { chmodSync, copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config';
import { startServer, type RunningServer } from '../../src/server/main';
import { migrationNames } from '../../src/server/storage/migrations';
import {
  fixtureReleases,
  POSTGRES_FILE,
  readAnswers,
  readPdfText,
  SCHEMA_PLACEHOLDER,
  SQLITE_FILE,
  UPGRADE_FIXTURES,
  type RecordedCall,
} from '../../scripts/fixtures/upgrade-fixture-files';
import { pdfText } from '../pdf/pdf-tools';
import { describeEachDatabase, type ScratchDatabase } from './databases';

/**
 * Issue 44 item 5: each release's database (tests/fixtures/upgrade/<release>/, made by that release's own server:
 * scripts/fixtures/make-upgrade-fixture.ts) opened by today's code through the normal start (the migrations run),
 * and asked again everything the release was asked: every bill, note and payment, the lists, the reports and
 * GSTR-1 of the month, statements and receivables, and every PDF. A migration that changes a filed bill's figure,
 * or code that reads a stored bill differently, fails here naming the document and the field or PDF line.
 */

/** The fixture's database put where the scratch database is: the SQLite file, or the dump in the scratch schema. */
async function loadFixture(release: string, scratch: ScratchDatabase): Promise<void> {
  const url = scratch.options.databaseUrl;
  if (!url) {
    const file = join(scratch.options.dataDir, SQLITE_FILE);
    copyFileSync(join(UPGRADE_FIXTURES, release, SQLITE_FILE), file);
    chmodSync(file, 0o600);
    return;
  }
  const schema = /search_path=(\w+)/.exec(new URL(url).searchParams.get('options') ?? '')?.[1];
  if (!schema) throw new Error(`No schema in ${url}`);
  const dump = readFileSync(join(UPGRADE_FIXTURES, release, POSTGRES_FILE), 'utf8').replaceAll(SCHEMA_PLACEHOLDER, schema);
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(dump);
  } finally {
    await client.end();
  }
}

function start(scratch: ScratchDatabase): Promise<RunningServer> {
  const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: scratch.options.dataDir, DATABASE_URL: scratch.options.databaseUrl ?? '', LOG_LEVEL: 'silent' };
  return startServer(configFromEnv(env), { print: () => {} });
}

/**
 * Where today's answer differs from the release's, each by its path. Only what the release answered is compared:
 * a field added to an answer since (a new list column, say) is not a changed figure, and a release cannot know it.
 */
function differences(was: unknown, now: unknown, path: string, found: string[]): void {
  const show = (value: unknown) => (value === undefined ? 'missing' : JSON.stringify(value));
  if (Array.isArray(was)) {
    if (!Array.isArray(now)) return void found.push(`${path}: was a list, now ${show(now)}`);
    if (now.length !== was.length) found.push(`${path}: was ${was.length} entries, now ${now.length}`);
    was.slice(0, now.length).forEach((item, i) => differences(item, now[i], `${path}[${i}]`, found));
  } else if (was !== null && typeof was === 'object') {
    if (now === null || typeof now !== 'object' || Array.isArray(now)) return void found.push(`${path}: was an object, now ${show(now)}`);
    for (const [key, value] of Object.entries(was)) differences(value, (now as Record<string, unknown>)[key], `${path}.${key}`, found);
  } else if (was !== now) {
    found.push(`${path}: was ${show(was)}, now ${show(now)}`);
  }
}

/**
 * A PDF's printed words, line by line, without what its UPI QR asks for. Issue 50 made the QR ask for the balance
 * due on the day it is printed (none once paid or cancelled), where a release asked for the grand total: the "Scan
 * to pay" line, the UPI ID beside it and the blank lines the QR's height made are left out. Runs of spaces count as
 * one: pdftotext's layout spaces columns by a pitch taken from the whole page, so a QR no longer printed moves
 * columns of other lines without changing a word of them.
 */
function printedLines(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !line.includes('Scan to pay'))
    .map((line) => line.replace(/\s+UPI: \S+@\S+\s*$/, '').trim().replace(/\s+/g, ' '))
    .filter((line) => line !== '');
}

/**
 * Issue 51 printed a statement line's figures without the rupee sign (the opening and closing balances keep it): a
 * statement is made afresh whenever it is asked for, and its figures are still compared to the paisa.
 */
const STATEMENT_PATH = /\/statement$/;
const withoutRupeeSigns = (text: string) => text.replace(/₹ /g, '');

/** A cancelled bill's stamp: issue 50 sized it to sit whole inside the page, so its line among the others moved. */
const STAMP = 'CANCELLED';

/** The PDF lines that differ, at most a few per document (a line moved shifts every later one). */
function lineDifferences(name: string, was: string, now: string): string[] {
  const [before, after] = [printedLines(was), printedLines(now)];
  const stamps = (lines: string[]) => lines.filter((line) => line === STAMP).length;
  const found = stamps(before) === stamps(after) ? [] : [`${name}: ${stamps(before)} ${STAMP} stamps, now ${stamps(after)}`];
  const [words, wordsNow] = [before.filter((line) => line !== STAMP), after.filter((line) => line !== STAMP)];
  for (let i = 0; i < Math.max(words.length, wordsNow.length) && found.length < 5; i++) {
    if (words[i] !== wordsNow[i]) found.push(`${name}, printed line ${i + 1}: was "${words[i]}", now "${wordsNow[i]}"`);
  }
  return found;
}

/** Every row of every table (Kysely's migration tables too), each table's rows in one order. */
async function everyRow(server: RunningServer): Promise<Record<string, string[]>> {
  const { db } = server.storage.database;
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    const all = await db.selectFrom(table.name as never).selectAll().execute();
    rows[table.name] = all.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

for (const release of fixtureReleases()) {
  describeEachDatabase(`an upgrade from release ${release}`, (database) => {
    const recorded = readAnswers(release);
    let scratch: ScratchDatabase | undefined;
    let server: RunningServer | undefined;
    let token = '';

    const ask = async (call: RecordedCall) => {
      const response = await fetch(`${server!.url}${call.path}`, {
        method: call.method,
        headers: { authorization: `Bearer ${token}`, ...(call.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: call.method === 'POST' ? JSON.stringify(call.body ?? {}) : undefined,
      });
      return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
    };

    beforeAll(async () => {
      scratch = await database.create();
      await loadFixture(release, scratch);
      server = await start(scratch);
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(recorded.operator),
      });
      token = (await login.json()).authToken;
    }, 60_000);

    afterAll(async () => {
      await server?.stop();
      await scratch?.dispose();
    });

    it("runs today's migrations on the release's database, keeping every migration the release ran", async () => {
      const ran = await server!.storage.database.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
      const names = (ran as { name: string }[]).map((row) => row.name).sort();
      expect(names).toEqual(migrationNames(server!.storage.database.dialect));
      expect(names).toEqual(expect.arrayContaining(recorded.migrations));
    });

    it('answers every stored bill, note, payment, list and report as the release did, field by field', async () => {
      const found: string[] = [];
      for (const call of recorded.calls.filter((c) => !c.pdf)) {
        const answer = await ask(call);
        if (answer.status !== call.status) found.push(`${call.name}: answered ${answer.status}, the release ${call.status}`);
        else differences(call.json, JSON.parse(answer.body.toString()), call.name, found);
      }
      expect(found).toEqual([]);
    }, 120_000);

    it('prints every bill, note, receipt and statement as the release did, line by line', async () => {
      const found: string[] = [];
      for (const call of recorded.calls.filter((c) => c.pdf)) {
        const answer = await ask(call);
        if (answer.status !== call.status) found.push(`${call.name}: answered ${answer.status}, the release ${call.status}`);
        else if (STATEMENT_PATH.test(call.path)) found.push(...lineDifferences(call.name, withoutRupeeSigns(readPdfText(release, call.pdf!)), withoutRupeeSigns(pdfText(answer.body))));
        else found.push(...lineDifferences(call.name, readPdfText(release, call.pdf!), pdfText(answer.body)));
      }
      expect(found).toEqual([]);
    }, 120_000);

    it('changes nothing at a second start', async () => {
      const before = await everyRow(server!);
      await server!.stop();
      server = undefined;
      server = await start(scratch!);
      expect(await everyRow(server)).toEqual(before);
    }, 60_000);
  });
}
