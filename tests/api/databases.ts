import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, it } from 'vitest';
import type { DatabaseOptions } from '../../src/server/storage';

/** A fresh, empty database for one test file, and how to throw it away. */
export interface ScratchDatabase {
  options: DatabaseOptions;
  dispose(): Promise<void>;
}

export interface TestDatabase {
  name: 'SQLite' | 'PostgreSQL';
  create(): Promise<ScratchDatabase>;
}

/**
 * A data directory inside a scratch directory of its own: the audit key file the server makes beside DATA_DIR
 * (`<DATA_DIR>.audit-key`) is then thrown away with it.
 */
function scratchDataDir(prefix: string): { dataDir: string; root: string } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const dataDir = join(root, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  return { dataDir, root };
}

const sqlite: TestDatabase = {
  name: 'SQLite',
  async create() {
    const { dataDir, root } = scratchDataDir('billing-api-');
    return { options: { dataDir }, dispose: async () => rmSync(root, { recursive: true, force: true }) };
  },
};

/** Each test file gets its own PostgreSQL schema (through search_path), so files run side by side. */
function postgres(url: string): TestDatabase {
  return {
    name: 'PostgreSQL',
    async create() {
      const schema = `api_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const scoped = new URL(url);
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      const { dataDir, root } = scratchDataDir('billing-api-pg-');
      return {
        options: { databaseUrl: scoped.toString(), dataDir },
        async dispose() {
          const cleanup = new pg.Client({ connectionString: url });
          await cleanup.connect();
          await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
          await cleanup.end();
          rmSync(root, { recursive: true, force: true });
        },
      };
    },
  };
}

const postgresUrl = process.env.TEST_DATABASE_URL;
const postgresOptedOut = process.env.SKIP_POSTGRES === '1';

/**
 * SQLite always; PostgreSQL at TEST_DATABASE_URL (`source scripts/ci/start-postgres.sh`). Without it
 * the PostgreSQL run fails rather than vanishing, unless SKIP_POSTGRES=1 says it is meant.
 */
export const TEST_DATABASES: TestDatabase[] = postgresUrl ? [sqlite, postgres(postgresUrl)] : [sqlite];

/** Runs the suite once per database. */
export function describeEachDatabase(title: string, suite: (database: TestDatabase) => void): void {
  for (const database of TEST_DATABASES) describe(`${title} [${database.name}]`, () => suite(database));
  if (!postgresUrl && !postgresOptedOut) {
    describe(`${title} [PostgreSQL]`, () => {
      it('has a PostgreSQL database to run against', () => {
        throw new Error(
          'TEST_DATABASE_URL is not set: run `source scripts/ci/start-postgres.sh` first, or set SKIP_POSTGRES=1',
        );
      });
    });
  }
}
