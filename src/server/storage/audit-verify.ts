import { sql, type Selectable } from 'kysely';
import type { Registry } from '../../engine/core';
import { chainOf, headText, keyCheck, rowHash, type ChainHead } from './audit-chain';
import { headProblem, readHead } from './audit-head';
import type { AuditLogTable, Db } from './tables';

/** Rows read at a time: the walk holds one page, whatever the chain's length. */
const VERIFY_PAGE = 1000;

type AuditRow = Selectable<AuditLogTable>;

/** What a verification found: `msg` names the first bad row, or says the chain is whole. */
export interface ChainVerdict {
  ok: boolean;
  rows: number;
  /** The head row's `N:HASH`. */
  head: string;
  msg: string;
}

export interface VerifyOptions {
  /** A head given out earlier (on a download, say) that must still be in the chain. */
  claim?: ChainHead;
  /** A bill type's name as people read it ('Tax Invoice'); the type itself when not given. */
  typeName?: (type: string) => string;
}

/** `N:HASH` as given on a download or to `--head`; undefined when it is not one. */
export function parseHead(text: string): ChainHead | undefined {
  const match = /^(\d{1,15}):([0-9a-f]{64})$/.exec(text.trim().toLowerCase());
  return match ? { rows: Number(match[1]), hash: match[2] } : undefined;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function whenText(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}

/** "(29 Nov 2026 10:14 UTC, ravi@example.com, update Tax Invoice 41)": enough to find the row on the Audit screen. */
function rowWords(row: AuditRow, typeName: (type: string) => string): string {
  const document = Number(row.billno) > 0 ? `${typeName(row.type)} ${row.billno}` : typeName(row.type);
  return `(${whenText(row.at)}, ${row.operator}, ${row.action} ${document})`;
}

/** The head row and, in the same statement (one snapshot), the first row past it: rows a writer cannot leave there. */
async function headSnapshot(db: Db) {
  const { rows } = await sql<{ row_count: number | string; hash: string; key_check: string; beyond: number | string | null }>`
    select h.row_count, h.hash, h.key_check, (select min(seq) from audit_log where seq > h.row_count) as beyond
    from audit_chain_head h where h.id = 1`.execute(db);
  return rows[0];
}

async function rowAt(db: Db, seq: number): Promise<AuditRow | undefined> {
  return db.selectFrom('audit_log').selectAll().where('seq', '=', seq).orderBy('id').executeTakeFirst();
}

/**
 * Walks the whole audit chain in seq order, a page at a time, and names the first row that was changed (its hash
 * is not that of its content and the row before), deleted (a gap in seq, or fewer rows than the head says) or
 * inserted (a row outside the chain, a second row of one seq, a row past the head, or one written after the head
 * row that sits among earlier ones: rows are numbered under the head's lock, so seq and id rise together). Then
 * checks the head row, and that `claim` (a head given out earlier) is still in the chain. Rows written while it
 * walks are past the head it read, and not looked at.
 */
export async function verifyChain(db: Db, options: VerifyOptions = {}): Promise<ChainVerdict> {
  const { key } = chainOf(db);
  const typeName = options.typeName ?? ((type: string) => type);
  const words = (row: AuditRow) => rowWords(row, typeName);
  const snapshot = await headSnapshot(db);
  if (!snapshot) return { ok: false, rows: 0, head: '', msg: 'The audit chain has no head row (audit_chain_head): it was deleted by hand.' };
  const head: ChainHead = { rows: Number(snapshot.row_count), hash: snapshot.hash };
  const verdict = (ok: boolean, msg: string): ChainVerdict => ({ ok, rows: head.rows, head: headText(head), msg });
  if (snapshot.key_check !== keyCheck(key))
    return verdict(false, 'The audit key is not the one this chain was sealed with (or its head row was changed): every row would look changed.');

  const headRowId = (await rowAt(db, head.rows))?.id;
  const outside = await db.selectFrom('audit_log').selectAll().where('seq', 'is', null).orderBy('id').limit(1).executeTakeFirst();
  const insertedOutside = (row: AuditRow, after: number) =>
    `A row that is not in the chain was inserted after row ${after} ${words(row)}.`;
  let previous = keyCheck(key);
  let expected = 1;
  let last = { seq: 0, id: 0 };
  // The hash the claimed row has now; the chain's start when the claim is of an empty chain.
  let claimedHash = options.claim?.rows === 0 ? previous : undefined;
  let problem: string | undefined;

  walk: for (;;) {
    const page = await db
      .selectFrom('audit_log')
      .selectAll()
      // The range on seq alone is what the index answers; the rest steps past a row read already (a second row of a seq).
      .where('seq', '>=', last.seq)
      .where('seq', '<=', head.rows)
      .where((eb) => eb.or([eb('seq', '>', last.seq), eb('id', '>', last.id)]))
      .orderBy('seq')
      .orderBy('id')
      .limit(VERIFY_PAGE)
      .execute();
    if (page.length === 0) break;
    for (const row of page) {
      const seq = Number(row.seq);
      if (outside && row.id > outside.id) {
        problem = insertedOutside(outside, expected - 1);
        break walk;
      }
      if (seq < expected) {
        problem = `Row ${seq} ${words(row)} was inserted: it is a second row ${seq}.`;
        break walk;
      }
      if (seq > expected) {
        const from = expected === 1 ? 'the start' : `row ${expected - 1}`;
        problem = `Row ${expected} was deleted: the chain goes from ${from} to row ${seq}.`;
        break walk;
      }
      if (rowHash(key, previous, { ...row, seq }) !== row.hash) {
        const outOfOrder = row.id < last.id || (headRowId !== undefined && row.id > headRowId && seq < head.rows);
        problem = outOfOrder
          ? `Row ${seq} ${words(row)} does not belong where it sits: it was inserted out of order.`
          : `Row ${seq} ${words(row)} was changed.`;
        break walk;
      }
      if (seq === options.claim?.rows) claimedHash = row.hash ?? undefined;
      previous = row.hash ?? '';
      expected += 1;
      last = { seq, id: row.id };
    }
  }

  if (!problem && outside) problem = insertedOutside(outside, expected - 1);
  if (!problem && expected - 1 < head.rows)
    problem = `Row ${expected} was deleted: the head says the chain has ${head.rows} rows, and it ends at row ${expected - 1}.`;
  if (!problem && previous !== head.hash) problem = `The head row was changed: it does not hold row ${head.rows}'s hash.`;
  if (!problem && snapshot.beyond !== null) {
    const beyond = await rowAt(db, Number(snapshot.beyond));
    problem = `Row ${snapshot.beyond}${beyond ? ` ${words(beyond)}` : ''} was inserted after the head (row ${head.rows}).`;
  }

  const claim = options.claim;
  const claimText = claim && claimWords(claim, head, claimedHash, problem === undefined || expected - 1 >= claim.rows);
  if (problem) return verdict(false, claimText ? `${problem} ${claimText.msg}` : problem);
  const whole = `The audit chain of ${head.rows} rows verifies; head ${headText(head)}.`;
  return verdict(claimText?.ok ?? true, claimText ? `${whole} ${claimText.msg}` : whole);
}

/** Whether a head given out earlier is still in the chain: its row has that hash and the chain up to it verifies. */
function claimWords(claim: ChainHead, head: ChainHead, hashThere: string | undefined, verifiedThatFar: boolean) {
  const given = headText(claim);
  if (claim.rows > head.rows) return { ok: false, msg: `The head ${given} given is not in the chain: the chain now has ${head.rows} rows, so rows were deleted from its end.` };
  if (!verifiedThatFar) return { ok: false, msg: `The head ${given} given cannot be confirmed: the chain does not verify up to row ${claim.rows}.` };
  if (hashThere !== claim.hash) return { ok: false, msg: `The head ${given} given is not in the chain: row ${claim.rows} now has another hash, so the chain up to it was rewritten.` };
  return { ok: true, msg: `The head ${given} given is in the chain.` };
}

/** The audit chain as the server reads it: its head (on downloads), the check at start, the whole walk. */
export function auditChainStore(db: Db) {
  return {
    head: () => readHead(db),
    headProblem: () => headProblem(db),
    verify: (options?: VerifyOptions) => verifyChain(db, options),
  };
}

export type AuditChainStore = ReturnType<typeof auditChainStore>;

/** A bill type's label for the messages ('Tax Invoice'); other documents (a client, a profile) by their type. */
export const typeNamesOf = (registry: Registry) => (type: string) => registry.byType(type)?.menuLabel ?? type;
