import type { Generated } from 'kysely';

/** A service contract (issue 47); what it bills and how often is `terms`, JSON (contracts.ts ContractTerms). */
export interface ContractTable {
  id: Generated<number>;
  unit: string;
  bill_type: string;
  client_name: string;
  /** clientNameKey(client_name). */
  client_key: string;
  start_date: string;
  /** Its end date, or its last cycle's last day. */
  last_day: string;
  /** How many cycles it has in all. */
  cycles: number;
  status: 'active' | 'paused' | 'ended' | 'completed';
  /** Why it needs the operator (an invoice held in a filed period), '' when nothing. */
  flag: string;
  terms: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

/**
 * A cycle of a contract that is done with: `raised` (its bill, written in the same transaction), `draft` (kept to be
 * approved, or held because its due date is in a filed period) or `skipped` (due while paused, resumed without
 * back-billing). Unique on (contract_id, cycle_no).
 */
export interface ContractCycleTable {
  id: Generated<number>;
  contract_id: number;
  cycle_no: number;
  due_date: string;
  status: 'raised' | 'draft' | 'held' | 'skipped';
  bill_id: number | null;
  created_at: string;
  updated_at: string;
}
