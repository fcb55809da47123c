import type { Db } from './tables';

export interface RecentFailures {
  count: number;
  /** The earliest failure still inside the window (ISO time), when there is one. */
  oldest?: string;
}

/** Failed sign-ins per key (see auth/sign-in-throttle.ts). Times are ISO text, which sorts as time. */
export function signInFailureStore(db: Db) {
  return {
    async since(key: string, since: string): Promise<RecentFailures> {
      const row = await db
        .selectFrom('sign_in_failures')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('at').as('oldest')])
        .where('key', '=', key)
        .where('at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), oldest: row.oldest ?? undefined };
    },

    /** Records a failure and forgets every failure older than `forgetBefore`, so the table stays small. */
    async add(key: string, at: string, forgetBefore: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sign_in_failures').where('at', '<=', forgetBefore).execute();
        await trx.insertInto('sign_in_failures').values({ key, at }).execute();
      });
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
    },
  };
}

export type SignInFailureStore = ReturnType<typeof signInFailureStore>;
