/**
 * A scratch schema of the PostgreSQL at TEST_DATABASE_URL (as the API tests make theirs, tests/api/databases.ts),
 * for a bench server's DATABASE_URL, dropped afterwards. None without TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchPostgres {
  /** TEST_DATABASE_URL with the scratch schema as its search_path. */
  url: string;
  dispose(): Promise<void>;
}

async function run(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function scratchPostgres(): Promise<ScratchPostgres | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await run(base, `CREATE SCHEMA ${schema}`);
  const scoped = new URL(base);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return { url: scoped.toString(), dispose: () => run(base, `DROP SCHEMA ${schema} CASCADE`) };
}
