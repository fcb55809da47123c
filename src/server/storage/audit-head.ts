import { chainOf, headText, keyCheck, rowHash, type ChainHead } from './audit-chain';
import type { Db } from './tables';

/** The chain's head as the head row says: the row count and the last row's hash. */
export async function readHead(db: Db): Promise<ChainHead> {
  const head = await db.selectFrom('audit_chain_head').select(['row_count', 'hash']).where('id', '=', 1).executeTakeFirst();
  if (!head) throw new Error('The audit chain has no head row (audit_chain_head): this database was changed by hand.');
  return { rows: Number(head.row_count), hash: head.hash };
}

const SETTINGS_HELP =
  'give the server the key the chain was sealed with, in AUDIT_KEY or AUDIT_KEY_FILE (servers sharing one PostgreSQL database need the same key)';

/** Refuses a key that is not the one the chain was sealed with; `source` names the setting it came from. */
export async function checkAuditKey(db: Db, source: string): Promise<void> {
  const head = await db.selectFrom('audit_chain_head').select(['row_count', 'key_check']).where('id', '=', 1).executeTakeFirst();
  if (!head) throw new Error('The audit chain has no head row (audit_chain_head): this database was changed by hand.');
  if (head.key_check !== keyCheck(chainOf(db).key)) {
    throw new Error(`The audit key from ${source} is not the key this database's audit chain (${head.row_count} rows) was sealed with: ${SETTINGS_HELP}.`);
  }
}

/**
 * Why the head does not verify with the key (its last row's hash over its content and the row before it), or
 * undefined when it does. A quick check for the start: `verifyChain` walks the whole chain.
 */
export async function headProblem(db: Db): Promise<string | undefined> {
  const { key } = chainOf(db);
  const head = await readHead(db);
  if (head.rows === 0) return head.hash === keyCheck(key) ? undefined : 'The audit chain has no rows, but its head row was changed.';
  const [last, before] = await Promise.all(
    [head.rows, head.rows - 1].map((seq) => db.selectFrom('audit_log').selectAll().where('seq', '=', seq).executeTakeFirst()),
  );
  const previous = head.rows === 1 ? keyCheck(key) : before?.hash;
  if (last && previous !== undefined && previous !== null && last.hash === head.hash && rowHash(key, previous, { ...last, seq: head.rows }) === head.hash)
    return undefined;
  return `The audit chain's head (${headText(head)}) does not verify with the key: run \`npm run operator -- audit verify\`, which names the first row that was changed, deleted or inserted.`;
}
