import { isDeepStrictEqual } from 'node:util';
import type { Storage } from '../../../src/server/storage';
import { expectedRecord, type SentCreate } from './bill-load';

export interface StoredCheck {
  /** Creates answered 200, and how many of them are stored exactly as sent (normalised). */
  acknowledged: number;
  acknowledgedIntact: number;
  /** Creates without an answer (in flight when the server died), and how many of them were stored. */
  unanswered: number;
  unansweredStored: number;
  /** Every bill that is missing or differs from what was sent, described. */
  problems: string[];
}

/** Reads every sent bill back from the database and compares it with the request that created it. */
export async function checkStored(storage: Storage, sent: SentCreate[]): Promise<StoredCheck> {
  const check: StoredCheck = {
    acknowledged: 0,
    acknowledgedIntact: 0,
    unanswered: 0,
    unansweredStored: 0,
    problems: [],
  };
  for (const { billType, body, outcome } of sent) {
    const expected = expectedRecord(billType, body);
    const stored = await storage.bills.find(expected);
    const name = `${billType.type} ${expected.billno}`;
    const intact = stored !== undefined && isDeepStrictEqual(stored, expected);
    if (outcome === 'stored') {
      check.acknowledged++;
      if (intact) check.acknowledgedIntact++;
      else
        check.problems.push(stored ? `${name} differs from what was sent` : `${name} was acknowledged but is missing`);
    } else if (outcome === 'unknown') {
      check.unanswered++;
      if (stored) check.unansweredStored++;
      if (stored && !intact) check.problems.push(`${name} (unanswered) is stored but damaged`);
    } else if (stored) {
      check.problems.push(`${name} was refused with ${outcome} but is stored`);
    }
  }
  return check;
}

/**
 * Bills and audit log agree: each audit row names a bill that exists, and each bill's latest audit
 * row holds the bill as it now is (after a delete: no after). A write whose audit row was lost, or an
 * audit row whose write was lost, shows up here.
 */
export async function auditMismatches(storage: Storage): Promise<string[]> {
  const db = storage.database.db;
  const bills = await db
    .selectFrom('bills')
    .select(['unit', 'type', 'billno', 'header', 'lines', 'deleted_at'])
    .execute();
  // Bills' rows only: the operator seeded at the first start has an audit row of its own (issue 45).
  const audit = await db
    .selectFrom('audit_log')
    .select(['unit', 'type', 'billno', 'after'])
    .where('action', '!=', 'operator')
    .orderBy('id')
    .execute();
  const keyOf = (row: { unit: string; type: string; billno: number }) =>
    `${row.unit}/${row.type}/${Number(row.billno)}`;
  const latest = new Map<string, string | null>();
  for (const row of audit) latest.set(keyOf(row), row.after);
  const problems: string[] = [];
  for (const bill of bills) {
    const key = keyOf(bill);
    if (!latest.has(key)) {
      problems.push(`${key} has no audit row`);
      continue;
    }
    const after = latest.get(key);
    latest.delete(key);
    if (bill.deleted_at !== null) {
      if (after !== null) problems.push(`${key} is deleted but its last audit row is not the delete`);
      continue;
    }
    const logged = after === null || after === undefined ? undefined : JSON.parse(after);
    const current = { header: JSON.parse(bill.header), lines: JSON.parse(bill.lines) };
    if (!logged || !isDeepStrictEqual({ header: logged.header, lines: logged.lines }, current)) {
      problems.push(`${key}: the last audit row does not hold the bill as stored`);
    }
  }
  for (const key of latest.keys()) problems.push(`${key} is in the audit log but not stored`);
  return problems;
}
