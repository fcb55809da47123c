import { lookupTable } from '../own-keys';
import { SchemaError } from '../schema/json-schema';
import { KIND_FACTS } from '../document-kind';
import type { BillType } from './types';

export const CONTRACTS_FILE = 'contracts.json';

export const CONTRACT_STATUSES = ['active', 'paused', 'ended', 'completed'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** How often a contract bills: every `months` months, or every N days (the contract's own count) when `days`. */
export interface ContractFrequency {
  label: string;
  months?: number;
  days?: true;
}

export interface ContractTextField {
  title: string;
  maxLength: number;
}

export type ContractMessage =
  | 'client' | 'clientMissing' | 'billtype' | 'start' | 'end' | 'length' | 'tooManyCycles' | 'frequency' | 'everyDays'
  | 'dueDay' | 'approval' | 'email' | 'lines' | 'visit' | 'tooLong' | 'missing' | 'id' | 'raised' | 'notActive'
  | 'notPaused' | 'finished' | 'nothingDue' | 'asof' | 'changedAfterRaise' | 'shorterThanRaised' | 'locked';

export type ContractEndpoint = 'save' | 'list' | 'get' | 'delete' | 'pause' | 'resume' | 'end' | 'raise' | 'run';

/** Service contracts (contracts.json), as the engine uses them. */
export interface ContractsSpec {
  /** The line shape of the sales type a contract raises when it names none. */
  defaultLines: 'goods' | 'service';
  /** The audit trail's operator of a raised invoice: this, then the contract's id. */
  operatorPrefix: string;
  frequencies: Record<string, ContractFrequency>;
  statuses: Record<ContractStatus, string>;
  fields: { clientname: ContractTextField; notes: ContractTextField; engineer: ContractTextField; visitNotes: ContractTextField };
  limits: { maxCycles: number; maxEveryDays: number; maxVisits: number };
  /** A contract ending within this many days is shown for renewal. */
  renewalDays: number;
  messages: Record<ContractMessage, string>;
  endpoints: Record<ContractEndpoint, string>;
}

type Raisable = Pick<BillType, 'unit' | 'kind' | 'menuOrder' | 'lines'>;

/** The bill types a contract of `unit` may raise: its sales types (x-bill.kind sale), in menu order. */
export function contractBillTypes<T extends Raisable>(billTypes: readonly T[], unit: string): T[] {
  return billTypes.filter((billType) => billType.unit === unit && KIND_FACTS[billType.kind].sales).sort((a, b) => a.menuOrder - b.menuOrder);
}

/** The type a contract of `unit` raises when it names none: the first sales type whose lines are `defaultLines`. */
export function defaultContractBillType<T extends Raisable>(spec: Pick<ContractsSpec, 'defaultLines'>, billTypes: readonly T[], unit: string): T | undefined {
  const sales = contractBillTypes(billTypes, unit);
  return sales.find((billType) => billType.lines === spec.defaultLines) ?? sales[0];
}

/** contracts.json's block (checked against meta/contracts.schema.json first). */
export function readContractsSpec(file: unknown): ContractsSpec {
  const declared = (file as { contracts: ContractsSpec }).contracts;
  const endpoints = Object.values(declared.endpoints);
  const twice = endpoints.find((endpoint, i) => endpoints.indexOf(endpoint) !== i);
  if (twice) throw new SchemaError(CONTRACTS_FILE, `endpoint "${twice}" is named twice`);
  for (const [name, frequency] of Object.entries(declared.frequencies)) {
    if ((frequency.months === undefined) === (frequency.days === undefined)) {
      throw new SchemaError(CONTRACTS_FILE, `frequency "${name}" needs either months or days: true`);
    }
  }
  return { ...declared, frequencies: lookupTable(Object.entries(declared.frequencies)) };
}
