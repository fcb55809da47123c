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
});
