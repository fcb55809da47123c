import { createHmac } from 'node:crypto';
import { sql, type Kysely, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type Transaction, type UnknownRow } from 'kysely';
import type { AuditRowFields } from '../../engine/core';
import type { AuditAction, SqlDialect, Tables } from './tables';

/** What an audit row's hash covers besides the previous row's hash: every column but its id. */
export interface ChainedRow extends AuditRowFields {
  before: string | null;
  after: string | null;
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest('hex');

/**
 * HMAC-SHA-256 of the row and the hash of the row before it. JSON of a fixed-order array is the canonical form:
 * every value is a string, a whole number or null, so it has one spelling on either database.
 */
export function rowHash(key: Buffer, previous: string, row: ChainedRow): string {
  const { seq, at, operator, action, unit, type, billno, before, after } = row;
  return hmac(key, JSON.stringify([Number(seq), previous, at, operator, action, unit, type, Number(billno), before, after]));
}

/**
 * What row 1 chains from, and what the head row keeps to say which key sealed the chain: a server given another
 * key is refused at start even before the chain has rows, and a wrong key is told apart from a changed row.
 */
export function keyCheck(key: Buffer): string {
  return hmac(key, JSON.stringify(['alfa-billing audit chain']));
}

/** The one row of audit_chain_head: how many rows the chain has and the last one's hash. */
export interface ChainHead {
  rows: number;
  hash: string;
}

export const headText = (head: ChainHead) => `${head.rows}:${head.hash}`;

/**
 * The audit key and dialect ride on the database handle as a plugin that changes no query: every transaction
 * made from the handle carries it, so writeAudit's many callers need not pass the key along.
 */
export class AuditChainPlugin implements KyselyPlugin {
  constructor(
    readonly key: Buffer,
    readonly dialect: SqlDialect,
  ) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

export function chainOf(db: Kysely<Tables>): AuditChainPlugin {
  const plugin = db.getExecutor().plugins.find((candidate) => candidate instanceof AuditChainPlugin);
  if (!plugin) throw new Error('This database handle has no audit key: open it with openStorage.');
  return plugin;
}

/**
 * Takes the head row for this transaction, to its end. PostgreSQL: a row lock, so servers sharing the database
 * append one at a time. SQLite: a write first, which takes the database's one write lock before the read (a read
 * first could see a head another process moves before this transaction writes).
 */
async function lockedHead(trx: Transaction<Tables>, dialect: SqlDialect): Promise<ChainHead> {
  if (dialect === 'sqlite') await sql`update audit_chain_head set row_count = row_count where id = 1`.execute(trx);
  const query = trx.selectFrom('audit_chain_head').select(['row_count', 'hash']).where('id', '=', 1);
  const head = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow();
  return { rows: Number(head.row_count), hash: head.hash };
}

/** Appends a row to the chain: the next seq, its hash over the previous one, and the head moved to it. */
export async function appendToChain(trx: Transaction<Tables>, row: Omit<ChainedRow, 'seq'> & { action: AuditAction }): Promise<void> {
  const chain = chainOf(trx);
  const head = await lockedHead(trx, chain.dialect);
  const seq = head.rows + 1;
  const hash = rowHash(chain.key, head.hash, { ...row, seq });
  await trx.insertInto('audit_log').values({ ...row, seq, hash }).execute();
  await trx.updateTable('audit_chain_head').set({ row_count: seq, hash }).where('id', '=', 1).execute();
}
