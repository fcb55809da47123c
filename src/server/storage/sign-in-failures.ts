import { sql } from 'kysely';
import type { Db, SqlDialect } from './tables';

/** A key and how many password checks it may have inside the window. */
export interface AttemptLimit {
  key: string;
  limit: number;
}

export type Reservation =
  | { reserved: true; ids: number[] }
  /** `oldest`: the earliest attempt inside the window of a key that is full (ISO time). */
  | { reserved: false; oldest?: string };

/** Any constant: PostgreSQL's advisory lock that makes every server take its reservations one at a time. */
const RESERVATION_LOCK = 73_052_020;

/**
 * Sign-in attempts per key (see auth/sign-in-throttle.ts), in the table made for failures (0002): each
 * password check is recorded before it runs and forgotten when it succeeds, so what stays are failures
 * and checks still running. Times are ISO text, which sorts as time.
 */
export function signInFailureStore(db: Db, dialect: SqlDialect) {
  const countSince = (key: string, since: string) =>
    sql`(select count(*) from sign_in_failures where key = ${key} and at > ${since})`;

  /**
   * One statement that inserts a row per key only when every key is under its limit. SQLite runs a writing
   * statement inside its write lock from the start, so the count and the insert cannot interleave with
   * another process's; PostgreSQL's READ COMMITTED could, hence the advisory lock around it there.
   */
  async function insertIfUnder(trx: Db, limits: AttemptLimit[], at: string, since: string): Promise<number[]> {
    const keys = sql.join(
      limits.map(({ key }) => sql`select cast(${key} as text) as k`),
      sql` union all `,
    );
    const under = sql.join(
      limits.map(({ key, limit }) => sql`${countSince(key, since)} < ${limit}`),
      sql` and `,
    );
    const { rows } = await sql<{ id: number }>`insert into sign_in_failures (key, at)
      select k, ${at} from (${keys}) as keys where ${under} returning id`.execute(trx);
    return rows.map((row) => Number(row.id));
  }

  async function reserveIn(trx: Db, limits: AttemptLimit[], at: string, since: string): Promise<Reservation> {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${RESERVATION_LOCK})`.execute(trx);
    // Attempts older than the window count for nothing any more: forgotten here, so the table stays small.
    await trx.deleteFrom('sign_in_failures').where('at', '<=', since).execute();
    const ids = await insertIfUnder(trx, limits, at, since);
    if (ids.length > 0) return { reserved: true, ids };
    const full = await trx
      .selectFrom('sign_in_failures')
      .select(['key', (eb) => eb.fn.min('at').as('oldest'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where(
        'key',
        'in',
        limits.map((limit) => limit.key),
      )
      .where('at', '>', since)
      .groupBy('key')
      .execute();
    const limitOf = new Map(limits.map(({ key, limit }) => [key, limit]));
    const oldest = full
      .filter((row) => Number(row.n) >= (limitOf.get(row.key) ?? 0))
      .map((row) => row.oldest ?? '')
      .sort()
      .at(-1);
    return { reserved: false, oldest: oldest || undefined };
  }

  return {
    /** Records one attempt under every key at once, or none when any key has its limit since `since`. */
    reserve(limits: AttemptLimit[], at: string, since: string): Promise<Reservation> {
      return db.transaction().execute((trx) => reserveIn(trx, limits, at, since));
    },

    /** Forgets the attempts of a key (a sign-in succeeded), and single attempts by id. */
    async forget(key: string, ids: number[] = []): Promise<void> {
      await db
        .deleteFrom('sign_in_failures')
        .where((eb) => (ids.length > 0 ? eb.or([eb('key', '=', key), eb('id', 'in', ids)]) : eb('key', '=', key)))
        .execute();
    },
  };
}

export type SignInFailureStore = ReturnType<typeof signInFailureStore>;
