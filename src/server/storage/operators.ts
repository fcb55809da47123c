import type { Transaction } from 'kysely';
import { writeAudit } from './audit';
import type { Db, SqlDialect, Tables } from './tables';

/** What an operator may do: a role of roles.json, the units (null: all), and the two flags. */
export interface OperatorAccess {
  role: string;
  units: string[] | null;
  disabled: boolean;
  mustChangePassword: boolean;
}

export interface Operator extends OperatorAccess {
  id: number;
  email: string;
  passwordHash: string;
}

export interface OperatorListing extends OperatorAccess {
  email: string;
  createdAt: string;
}

/** Why a change to operators was not made (the API answers 400/404 {msg}; the CLI prints it). */
export class OperatorChangeRefused extends Error {
  constructor(
    message: string,
    readonly reason: 'not-found' | 'last-owner',
  ) {
    super(message);
  }
}

/** The role whose last enabled holder cannot be removed, disabled or given another role. */
const OWNER = 'owner';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function now(): string {
  return new Date().toISOString();
}

interface OperatorRow {
  id: number;
  email: string;
  passwordHash: string;
  role: string;
  units: string | null;
  disabled: number;
  mustChange: number;
  createdAt: string;
}

const COLUMNS = [
  'id',
  'email',
  'password_hash as passwordHash',
  'role',
  'units',
  'disabled',
  'must_change_password as mustChange',
  'created_at as createdAt',
] as const;

function accessOf(row: OperatorRow): OperatorAccess {
  return {
    role: row.role,
    units: row.units === null ? null : (JSON.parse(row.units) as string[]),
    disabled: Number(row.disabled) === 1,
    mustChangePassword: Number(row.mustChange) === 1,
  };
}

const operatorOf = (row: OperatorRow): Operator => ({ id: row.id, email: row.email, passwordHash: row.passwordHash, ...accessOf(row) });

/** What an audit row says of an operator: never the password hash. */
const audited = (operator: Operator) => ({ email: operator.email, role: operator.role, units: operator.units, disabled: operator.disabled });

/** A change of role, units or the disabled flag; a field left out stays as it is. */
export type AccessChange = Partial<Pick<OperatorAccess, 'role' | 'units' | 'disabled'>>;

/**
 * Operators: the people who may sign in. E-mails are compared trimmed and lower-cased. `dialect` decides how the
 * last-owner check locks (refuseLastOwner).
 */
export function operatorStore(db: Db, dialect: SqlDialect = 'sqlite') {
  const byEmail = async (email: string): Promise<Operator | undefined> => {
    const row = await db.selectFrom('operators').select(COLUMNS).where('email', '=', normalizeEmail(email)).executeTakeFirst();
    return row && operatorOf(row);
  };

  return {
    byEmail,

    async byId(id: number): Promise<Operator | undefined> {
      const row = await db.selectFrom('operators').select(COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && operatorOf(row);
    },

    async list(): Promise<OperatorListing[]> {
      const rows = await db.selectFrom('operators').select(COLUMNS).orderBy('email').execute();
      return rows.map((row) => ({ email: row.email, createdAt: row.createdAt, ...accessOf(row) }));
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('operators')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Adds an operator; false when the e-mail is taken (insertOperator). */
    async add(email: string, passwordHash: string, access: NewOperatorAccess = {}, by?: string): Promise<boolean> {
      return db.transaction().execute((trx) => insertOperator(trx, email, passwordHash, access, by));
    },

    /** Adds the operator only if there is none at all (first start); true when it was added. An owner. */
    async addFirst(email: string, passwordHash: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('operators').select('id').limit(1).executeTakeFirst();
        if (existing) return false;
        return insertOperator(trx, email, passwordHash, { role: OWNER });
      });
    },

    /**
     * Sets a new password. `mustChange`: a reset by an owner, to be changed at the next sign-in; false when the
     * operator chose it. The password stamp in tokens changes with it, so older sessions end.
     */
    async setPassword(email: string, passwordHash: string, mustChange = false, by?: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const before = await operatorStore(trx).byEmail(email);
        if (!before) return false;
        await trx
          .updateTable('operators')
          .set({ password_hash: passwordHash, must_change_password: mustChange ? 1 : 0, updated_at: now() })
          .where('id', '=', before.id)
          .execute();
        const after = { ...audited(before), password: mustChange ? 'reset' : 'changed' };
        await writeAudit(trx, 'operator', by ?? before.email, operatorKey(before), audited(before), after);
        return true;
      });
    },

    /**
     * Changes role, units or the disabled flag, in one transaction with its audit row. Refused (OperatorChangeRefused)
     * when the operator is not there, or when it would leave no enabled owner.
     */
    async changeAccess(email: string, change: AccessChange, by: string): Promise<Operator> {
      return db.transaction().execute(async (trx) => {
        const before = await operatorStore(trx).byEmail(email);
        if (!before) throw new OperatorChangeRefused(`${normalizeEmail(email)} is not an operator.`, 'not-found');
        const after: Operator = { ...before, ...change };
        if (isEnabledOwner(before) && !isEnabledOwner(after)) await refuseLastOwner(trx, dialect, before);
        await trx
          .updateTable('operators')
          .set({
            role: after.role,
            units: after.units ? JSON.stringify(after.units) : null,
            disabled: after.disabled ? 1 : 0,
            updated_at: now(),
          })
          .where('id', '=', before.id)
          .execute();
        await writeAudit(trx, 'operator', by, operatorKey(before), audited(before), audited(after));
        return after;
      });
    },

    /** Removes an operator (the CLI); the last enabled owner stays. */
    async remove(email: string, by?: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const before = await operatorStore(trx).byEmail(email);
        if (!before) return false;
        if (isEnabledOwner(before)) await refuseLastOwner(trx, dialect, before);
        await trx.deleteFrom('operators').where('id', '=', before.id).execute();
        await writeAudit(trx, 'operator', by ?? before.email, operatorKey(before), audited(before), null);
        return true;
      });
    },
  };
}

export type NewOperatorAccess = Partial<Pick<OperatorAccess, 'role' | 'units' | 'mustChangePassword'>>;

/**
 * Inserts an operator with its audit row; false when the e-mail is taken. The API and the CLI name the role; a
 * caller that names none (a test's) adds an owner, as the migration made every earlier operator.
 */
async function insertOperator(trx: Transaction<Tables>, email: string, passwordHash: string, access: NewOperatorAccess, by?: string): Promise<boolean> {
  const at = now();
  const result = await trx
    .insertInto('operators')
    .values({
      email: normalizeEmail(email),
      password_hash: passwordHash,
      created_at: at,
      updated_at: at,
      role: access.role ?? OWNER,
      units: access.units ? JSON.stringify(access.units) : null,
      must_change_password: access.mustChangePassword ? 1 : 0,
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  const added = await operatorStore(trx).byEmail(email);
  if (added) await writeAudit(trx, 'operator', by ?? added.email, operatorKey(added), null, audited(added));
  return true;
}

const isEnabledOwner = (operator: OperatorAccess) => operator.role === OWNER && !operator.disabled;

const operatorKey = (operator: Operator) => ({ unit: '', type: 'operator', billno: operator.id });

/**
 * Throws when no enabled owner but `leaving` would remain. On PostgreSQL the enabled owners' rows are locked to the
 * end of the transaction: two owners demoting each other at once both read the other as still an owner under READ
 * COMMITTED, and both changes went through (the roles test saw it); the second now waits, re-reads, and is refused.
 * SQLite runs one write transaction at a time.
 */
async function refuseLastOwner(db: Db, dialect: SqlDialect, leaving: Operator): Promise<void> {
  const owners = db.selectFrom('operators').select('id').where('role', '=', OWNER).where('disabled', '=', 0);
  const enabled = await (dialect === 'postgres' ? owners.forUpdate() : owners).execute();
  if (!enabled.some((owner) => owner.id !== leaving.id)) {
    throw new OperatorChangeRefused(
      `${leaving.email} is the last owner: make another operator an owner first, or nobody could manage operators.`,
      'last-owner',
    );
  }
}

export type OperatorStore = ReturnType<typeof operatorStore>;
