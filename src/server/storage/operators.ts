import type { Db } from './tables';

export interface Operator {
  id: number;
  email: string;
  passwordHash: string;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function now(): string {
  return new Date().toISOString();
}

/** Operators: the people who may sign in. E-mails are compared trimmed and lower-cased. */
export function operatorStore(db: Db) {
  const columns = ['id', 'email', 'password_hash as passwordHash'] as const;
  return {
    async byEmail(email: string): Promise<Operator | undefined> {
      return db.selectFrom('operators').select(columns).where('email', '=', normalizeEmail(email)).executeTakeFirst();
    },

    async byId(id: number): Promise<Operator | undefined> {
      return db.selectFrom('operators').select(columns).where('id', '=', id).executeTakeFirst();
    },

    async list(): Promise<{ email: string; createdAt: string }[]> {
      return db.selectFrom('operators').select(['email', 'created_at as createdAt']).orderBy('email').execute();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('operators')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Adds an operator; false when the e-mail is taken. */
    async add(email: string, passwordHash: string): Promise<boolean> {
      const at = now();
      const result = await db
        .insertInto('operators')
        .values({ email: normalizeEmail(email), password_hash: passwordHash, created_at: at, updated_at: at })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Adds the operator only if there is none at all (first start); true when it was added. */
    async addFirst(email: string, passwordHash: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('operators').select('id').limit(1).executeTakeFirst();
        if (existing) return false;
        return operatorStore(trx).add(email, passwordHash);
      });
    },

    async setPassword(email: string, passwordHash: string): Promise<boolean> {
      const result = await db
        .updateTable('operators')
        .set({ password_hash: passwordHash, updated_at: now() })
        .where('email', '=', normalizeEmail(email))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async remove(email: string): Promise<boolean> {
      const result = await db.deleteFrom('operators').where('email', '=', normalizeEmail(email)).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type OperatorStore = ReturnType<typeof operatorStore>;
