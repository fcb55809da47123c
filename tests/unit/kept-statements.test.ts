import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { keptStatements } from '../../src/server/storage/kept-statements';

describe('SQLite statements kept by their SQL (issue 51)', () => {
  const sqlite = new SqliteDatabase(':memory:');
  sqlite.exec('create table bills (billno integer primary key, client text)');
  sqlite.exec("insert into bills values (1, 'Kaveri Agro Industries'), (2, 'Shree Ganesh Logistics')");
  afterEach(() => sqlite.exec('delete from bills where billno > 2'));

  it('prepares a text once and answers each run with its own parameters', () => {
    const db = keptStatements(sqlite);
    const sql = 'select client from bills where billno = ?';
    const first = db.prepare(sql);
    expect(first.all([1])).toEqual([{ client: 'Kaveri Agro Industries' }]);
    expect(db.prepare(sql)).toBe(first);
    expect(db.prepare(sql).all([2])).toEqual([{ client: 'Shree Ganesh Logistics' }]);
  });

  it('reads a column added after the statement was kept', () => {
    const db = keptStatements(sqlite);
    const all = 'select * from bills where billno = ?';
    expect(db.prepare(all).all([1])).toEqual([{ billno: 1, client: 'Kaveri Agro Industries' }]);
    sqlite.exec("alter table bills add column city text not null default 'Hosur'");
    expect(db.prepare(all).all([1])).toEqual([{ billno: 1, client: 'Kaveri Agro Industries', city: 'Hosur' }]);
  });

  it('gives a statement of its own while the kept one is still being read', () => {
    const db = keptStatements(sqlite);
    const sql = 'select billno from bills order by billno';
    const reading = db.prepare(sql).iterate([]);
    expect(reading.next().value).toMatchObject({ billno: 1 });
    const other = db.prepare(sql);
    expect(other.all([]).map((row) => (row as { billno: number }).billno)).toEqual([1, 2]);
    expect(reading.next().value).toMatchObject({ billno: 2 });
    reading.return?.();
  });

  it('keeps the most recently used texts up to its limit', () => {
    const db = keptStatements(sqlite, 2);
    const texts = [1, 2, 3].map((n) => `select ${n} as n`);
    const [one, two] = texts.slice(0, 2).map((sql) => db.prepare(sql));
    expect(db.prepare(texts[0])).toBe(one);
    db.prepare(texts[2]);
    expect(db.prepare(texts[0])).toBe(one);
    expect(db.prepare(texts[1])).not.toBe(two);
  });
});
