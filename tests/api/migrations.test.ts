import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { openStorage } from '../../src/server/storage';
import { describeEachDatabase, type ScratchDatabase } from './databases';

describeEachDatabase('migrations', (database) => {
  const scratches: ScratchDatabase[] = [];
  afterAll(async () => {
    for (const scratch of scratches) await scratch.dispose();
  });

  it("migrates a database beside another one that is already migrated (PostgreSQL: another schema's tables are not ours)", async () => {
    for (let i = 0; i < 2; i++) scratches.push(await database.create());
    const first = await openStorage(scratches[0].options);
    await first.close();
    // The second schema starts empty while the first holds Kysely's migration tables.
    const second = await openStorage(scratches[1].options);
    try {
      expect(await second.operators.count()).toBe(0);
      const tables = await second.database.db.introspection.getTables();
      expect(tables.map((table) => table.name)).toEqual(
        expect.arrayContaining(['bills', 'audit_log', 'operators', 'sign_in_failures']),
      );
    } finally {
      await second.close();
    }
  });

  /**
   * Kysely's stock introspection, which its migrator asks whether its tables exist, looked every schema of the
   * database up by name: a schema dropped meanwhile (another test file's, another server's) failed the migration with
   * `schema "…" does not exist`, 6 starts in 20 here. Our own introspector reads only our schema.
   */
  if (database.name === 'PostgreSQL') {
    it('migrates while other schemas of the same database are created and dropped beside it', async () => {
      const url = process.env.TEST_DATABASE_URL!;
      let stop = false;
      const churn = (async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          for (let round = 0; !stop; round++) {
            const schema = `churn_${process.pid}_${round}`;
            await client.query(`CREATE SCHEMA ${schema}`);
            for (let i = 0; i < 20; i++) await client.query(`CREATE TABLE ${schema}.t${i} (id serial PRIMARY KEY, note text)`);
            await client.query(`DROP SCHEMA ${schema} CASCADE`);
          }
        } finally {
          await client.end();
        }
      })();
      const failures: string[] = [];
      try {
        for (let start = 0; start < 20; start++) {
          const scratch = await database.create();
          try {
            await (await openStorage(scratch.options)).close();
          } catch (error) {
            failures.push(String(error));
          } finally {
            await scratch.dispose();
          }
        }
      } finally {
        stop = true;
        await churn;
      }
      expect(failures).toEqual([]);
    });
  }
});
