import { clientNameKey, type ContractStatus } from '../../engine/core';
import { writeAudit } from './audit';
import { isUniqueViolation } from './database';
import type { Selectable, Transaction } from 'kysely';
import type { Db, SqlDialect, Tables } from './tables';

/** A visit of a contract's engineer: its day, the cycle it belongs to, who, whether done, notes. */
export interface ContractVisit {
  date: string;
  cycle: number;
  engineer: string;
  done: boolean;
  notes: string;
}

/** What a contract bills and how often (stored as JSON beside its columns). */
export interface ContractTerms {
  /** The bill's header fields besides its client name, number and date (address, GSTIN ...). */
  header: Record<string, unknown>;
  /** The rows of each cycle's bill, in its type's line shape. */
  lines: unknown[];
  frequency: string;
  /** Every N days, for a frequency in days. */
  everyDays?: number;
  dueDay: number;
  /** As given: an end date or a number of cycles. */
  end?: string;
  cycles?: number;
  /** `drafts`: each raised invoice waits for the operator's approval. */
  approval: 'direct' | 'drafts';
  /** E-mail each raised invoice to the client. */
  email: boolean;
  visits: ContractVisit[];
  notes: string;
}

/** A contract as saved: its columns and terms. */
export interface ContractInput {
  billType: string;
  clientName: string;
  start: string;
  lastDay: string;
  cycles: number;
  terms: ContractTerms;
}

export type CycleStatus = 'raised' | 'draft' | 'held' | 'skipped';

export interface StoredCycle {
  no: number;
  due: string;
  status: CycleStatus;
  billId: number | null;
}

export interface StoredContract extends ContractInput {
  id: number;
  unit: string;
  status: ContractStatus;
  flag: string;
  cycleRows: StoredCycle[];
}

/** A cycle's row written in its bill's transaction (bills.ts writeExtras): a new row, or a held draft now issued. */
export interface ContractCycleWrite {
  contractId: number;
  no: number;
  due: string;
  /** The cycle had a draft row (held or awaiting approval) that this bill issues. */
  fromDraft: boolean;
}

/**
 * The cycle is done already (another server, a retry), or its contract was paused or ended meanwhile: the transaction
 * that tried is rolled back.
 */
export class CycleTakenError extends Error {
  constructor() {
    super('the cycle is raised already, or its contract no longer raises');
  }
}

type ContractRow = Selectable<Tables['contracts']>;

const contractAuditKey = (unit: string, id: number) => ({ unit, type: 'contract', billno: id });

function now(): string {
  return new Date().toISOString();
}

function contractOf(row: ContractRow, cycles: StoredCycle[]): StoredContract {
  return {
    id: Number(row.id),
    unit: row.unit,
    billType: row.bill_type,
    clientName: row.client_name,
    start: row.start_date,
    lastDay: row.last_day,
    cycles: Number(row.cycles),
    status: row.status,
    flag: row.flag,
    terms: JSON.parse(row.terms) as ContractTerms,
    cycleRows: cycles,
  };
}

/** What an audit row keeps of a contract. */
const audited = (contract: Omit<StoredContract, 'cycleRows'> | (ContractInput & { status: ContractStatus })) => {
  const { terms, ...columns } = contract;
  return { ...columns, ...terms };
};

/**
 * Writes a cycle's row in the transaction of the bill it raised. The contract's row is locked first (PostgreSQL), so
 * a pause and a raise of one contract, or two servers' raises, take turns; a cycle already done, or a contract no
 * longer active, throws CycleTakenError (and the unique key refuses a second row whatever the timing), rolling the
 * bill back with it.
 */
export async function writeContractCycle(trx: Transaction<Tables>, dialect: SqlDialect, billId: number, cycle: ContractCycleWrite): Promise<void> {
  let contract = trx.selectFrom('contracts').select('status').where('id', '=', cycle.contractId);
  if (dialect === 'postgres') contract = contract.forUpdate();
  if ((await contract.executeTakeFirst())?.status !== 'active') throw new CycleTakenError();
  const at = now();
  if (cycle.fromDraft) {
    const issued = await trx
      .updateTable('contract_cycles')
      .set({ status: 'raised', bill_id: billId, updated_at: at })
      .where('contract_id', '=', cycle.contractId)
      .where('cycle_no', '=', cycle.no)
      .where('bill_id', 'is', null)
      .where('status', 'in', ['draft', 'held'])
      .executeTakeFirst();
    if (Number(issued.numUpdatedRows) !== 1) throw new CycleTakenError();
    // The flag said an invoice was held in a filed period: once none is, the contract needs nothing more.
    const held = await trx.selectFrom('contract_cycles').select('id').where('contract_id', '=', cycle.contractId).where('status', '=', 'held').executeTakeFirst();
    if (!held) await trx.updateTable('contracts').set({ flag: '' }).where('id', '=', cycle.contractId).execute();
    return;
  }
  const existing = await trx.selectFrom('contract_cycles').select('id').where('contract_id', '=', cycle.contractId).where('cycle_no', '=', cycle.no).executeTakeFirst();
  if (existing) throw new CycleTakenError();
  await trx
    .insertInto('contract_cycles')
    .values({ contract_id: cycle.contractId, cycle_no: cycle.no, due_date: cycle.due, status: 'raised', bill_id: billId, created_at: at, updated_at: at })
    .execute();
}

/** Contracts and their cycles (issue 47), per unit. Every change is one transaction with its audit row. */
export function contractStore(db: Db, dialect: SqlDialect) {
  async function cyclesOf(reader: Db | Transaction<Tables>, ids: number[]): Promise<Map<number, StoredCycle[]>> {
    const byContract = new Map<number, StoredCycle[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byContract;
    const rows = await reader
      .selectFrom('contract_cycles')
      .select(['contract_id', 'cycle_no', 'due_date', 'status', 'bill_id'])
      .where('contract_id', 'in', ids)
      .orderBy('cycle_no')
      .execute();
    for (const row of rows) {
      byContract.get(Number(row.contract_id))?.push({ no: Number(row.cycle_no), due: row.due_date, status: row.status, billId: row.bill_id === null ? null : Number(row.bill_id) });
    }
    return byContract;
  }

  async function findIn(reader: Db | Transaction<Tables>, unit: string, id: number, lock = false): Promise<StoredContract | undefined> {
    let query = reader.selectFrom('contracts').selectAll().where('unit', '=', unit).where('id', '=', id);
    if (lock && dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    return contractOf(row, (await cyclesOf(reader, [Number(row.id)])).get(Number(row.id)) ?? []);
  }

  const columnsOf = (input: ContractInput) => ({
    bill_type: input.billType,
    client_name: input.clientName,
    client_key: clientNameKey(input.clientName),
    start_date: input.start,
    last_day: input.lastDay,
    cycles: input.cycles,
    terms: JSON.stringify(input.terms),
  });

  /** Changes a contract's status (and flag) from one of `from`, audited; the contract before, or why not. */
  async function moveStatus(
    unit: string,
    id: number,
    operator: string,
    change: (contract: StoredContract) => { status: ContractStatus; flag?: string } | string,
    within?: (trx: Transaction<Tables>, contract: StoredContract) => Promise<void>,
  ): Promise<{ ok: true; contract: StoredContract } | { ok: false; msg: string } | undefined> {
    return db.transaction().execute(async (trx) => {
      const before = await findIn(trx, unit, id, true);
      if (!before) return undefined;
      const next = change(before);
      if (typeof next === 'string') return { ok: false as const, msg: next };
      if (within) await within(trx, before);
      const flag = next.flag ?? before.flag;
      await trx.updateTable('contracts').set({ status: next.status, flag, updated_at: now(), updated_by: operator }).where('id', '=', id).execute();
      const after = { ...before, status: next.status, flag };
      if (next.status !== before.status || flag !== before.flag) {
        await writeAudit(trx, 'update', operator, contractAuditKey(unit, id), audited(before), audited(after));
      }
      return { ok: true as const, contract: { ...after, cycleRows: (await cyclesOf(trx, [id])).get(id) ?? [] } };
    });
  }

  return {
    find: (unit: string, id: number) => findIn(db, unit, id),

    /** The unit's contracts, newest first; with `statuses`, only those. */
    async list(unit: string, statuses?: readonly ContractStatus[]): Promise<StoredContract[]> {
      let query = db.selectFrom('contracts').selectAll().where('unit', '=', unit);
      if (statuses) query = query.where('status', 'in', [...statuses]);
      const rows = await query.orderBy('id', 'desc').execute();
      const cycles = await cyclesOf(db, rows.map((row) => Number(row.id)));
      return rows.map((row) => contractOf(row, cycles.get(Number(row.id)) ?? []));
    },

    /** A new contract (active), audited; its id. */
    async add(unit: string, input: ContractInput, operator: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const at = now();
        const inserted = await trx
          .insertInto('contracts')
          .values({ unit, ...columnsOf(input), status: 'active', flag: '', created_at: at, created_by: operator, updated_at: at, updated_by: operator })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = Number(inserted.id);
        await writeAudit(trx, 'create', operator, contractAuditKey(unit, id), null, audited({ ...input, status: 'active' }));
        return id;
      });
    },

    /**
     * Replaces a contract's terms; `check` (given the contract as it is, its cycles included) answers why not, or
     * nothing. Undefined when there is no such contract.
     */
    async update(unit: string, id: number, input: ContractInput, operator: string, check: (before: StoredContract) => string | undefined) {
      return db.transaction().execute(async (trx) => {
        const before = await findIn(trx, unit, id, true);
        if (!before) return undefined;
        const refused = check(before);
        if (refused) return { ok: false as const, msg: refused };
        await trx.updateTable('contracts').set({ ...columnsOf(input), updated_at: now(), updated_by: operator }).where('id', '=', id).execute();
        await writeAudit(trx, 'update', operator, contractAuditKey(unit, id), audited(before), audited({ ...before, ...input }));
        return { ok: true as const };
      });
    },

    /** Deletes a contract that raised nothing: 'raised' when a cycle has a bill, undefined when there is none. */
    async remove(unit: string, id: number, operator: string): Promise<'deleted' | 'raised' | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await findIn(trx, unit, id, true);
        if (!before) return undefined;
        if (before.cycleRows.some((cycle) => cycle.billId !== null)) return 'raised';
        await trx.deleteFrom('contract_cycles').where('contract_id', '=', id).execute();
        await trx.deleteFrom('contracts').where('id', '=', id).execute();
        await writeAudit(trx, 'delete', operator, contractAuditKey(unit, id), audited(before), null);
        return 'deleted';
      });
    },

    /** Pauses, ends, completes or flags a contract (see moveStatus). */
    setStatus: (unit: string, id: number, operator: string, change: (contract: StoredContract) => { status: ContractStatus; flag?: string } | string) =>
      moveStatus(unit, id, operator, change),

    /**
     * Resumes a paused contract. The cycles given (due while it was paused) are marked skipped in the same
     * transaction, so no later run bills them.
     */
    resume: (unit: string, id: number, operator: string, notPaused: (contract: StoredContract) => string | undefined, skipped: (contract: StoredContract) => { no: number; due: string }[]) =>
      moveStatus(
        unit,
        id,
        operator,
        (contract) => notPaused(contract) ?? { status: 'active' },
        async (trx, contract) => {
          const at = now();
          for (const cycle of skipped(contract)) {
            await trx.insertInto('contract_cycles').values({ contract_id: id, cycle_no: cycle.no, due_date: cycle.due, status: 'skipped', bill_id: null, created_at: at, updated_at: at }).execute();
          }
        },
      ),

    /**
     * Keeps a cycle's invoice as a draft (`draft`: to be approved; `held`: due in a filed period, with the contract's
     * flag). False when the cycle has its row already (another server, a retry).
     */
    async holdDraft(unit: string, id: number, cycle: { no: number; due: string }, status: 'draft' | 'held', flag: string | undefined, operator: string): Promise<boolean> {
      try {
        return await db.transaction().execute(async (trx) => {
          const before = await findIn(trx, unit, id, true);
          if (!before || before.status !== 'active' || before.cycleRows.some((row) => row.no === cycle.no)) return false;
          const at = now();
          await trx.insertInto('contract_cycles').values({ contract_id: id, cycle_no: cycle.no, due_date: cycle.due, status, bill_id: null, created_at: at, updated_at: at }).execute();
          if (flag !== undefined) {
            await trx.updateTable('contracts').set({ flag, updated_at: at, updated_by: operator }).where('id', '=', id).execute();
            await writeAudit(trx, 'update', operator, contractAuditKey(unit, id), audited(before), audited({ ...before, flag }));
          }
          return true;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /** Every unit's contracts that may raise (active), for the scheduler. */
    async active(): Promise<StoredContract[]> {
      const rows = await db.selectFrom('contracts').selectAll().where('status', '=', 'active').orderBy('id').execute();
      const cycles = await cyclesOf(db, rows.map((row) => Number(row.id)));
      return rows.map((row) => contractOf(row, cycles.get(Number(row.id)) ?? []));
    },

    /** The bills the contracts' cycles raised: number, year, printed number, date, total, for their screens. */
    async raisedBills(billIds: number[]) {
      if (billIds.length === 0) return [];
      return db
        .selectFrom('bills')
        .select(['id', 'type', 'fy', 'billno', 'printed_no', 'bill_date', 'client_key', 'grand_total', 'deleted_at'])
        .where('id', 'in', billIds)
        .execute();
    },

  };
}

export type ContractStore = ReturnType<typeof contractStore>;
