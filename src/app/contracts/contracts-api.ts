import type { AxiosInstance } from 'axios';
import { contractsSpec } from './contracts-spec';

export type ContractStatus = 'active' | 'paused' | 'ended' | 'completed';

export interface ContractVisit {
  date: string;
  cycle?: number;
  engineer: string;
  done: boolean;
  notes: string;
}

/** A contract as getcontracts answers it (issue 47; docs/api.md). */
export interface Contract {
  _id: string;
  clientname: string;
  billtype: string;
  startdate: string;
  enddate: string | null;
  lastday: string;
  cycles: number;
  cyclecount?: number;
  raised: number;
  drafts: number;
  status: ContractStatus;
  flag: string | null;
  frequency: string;
  everydays?: number;
  dueday: number;
  approval: 'direct' | 'drafts';
  email: boolean;
  header: Record<string, unknown>;
  visits: ContractVisit[];
  notes: string;
  nextdue: string | null;
  amount: number | null;
  renewal: boolean;
  [rows: string]: unknown;
}

/** A cycle as getcontract answers it: its dates, where it stands, and its invoice with what is paid. */
export interface ContractCycleRow {
  cycle: number;
  from: string;
  to: string;
  due: string;
  status: 'raised' | 'draft' | 'held' | 'skipped' | 'due' | 'upcoming';
  bill?: { billtype: string; billno: number; fy: number; printedno: string; date: string; cancelled: boolean; total?: number; paid?: number; balance?: number; status?: string };
}

export interface ContractsApi {
  list(unit: string): Promise<Contract[]>;
  get(unit: string, id: string): Promise<Contract & { cyclelist: ContractCycleRow[] }>;
  /** Creates (no `_id`) or updates; resolves with the contract's id, rejects with the server's msg. */
  save(unit: string, contract: Record<string, unknown>): Promise<string>;
  remove(unit: string, id: string): Promise<string>;
  pause(unit: string, id: string): Promise<string>;
  resume(unit: string, id: string, backbill: boolean): Promise<string>;
  end(unit: string, id: string): Promise<string>;
  /** Issues the oldest draft, else raises the next cycle now: the server's msg. */
  raise(unit: string, id: string): Promise<string>;
}

/** The contract screens' calls, under contracts.json's endpoint names. */
export function createContractsApi(http: AxiosInstance): ContractsApi {
  const { endpoints } = contractsSpec;
  const post = async <T>(unit: string, endpoint: string, body: object) => (await http.post<T>(`/api/${unit}/${endpoint}`, body)).data;
  const msg = async (unit: string, endpoint: string, body: object) => (await post<{ msg: string }>(unit, endpoint, body)).msg;
  return {
    list: async (unit) => (await post<{ contracts: Contract[] }>(unit, endpoints.list, {})).contracts,
    get: async (unit, id) => (await post<{ contract: Contract & { cyclelist: ContractCycleRow[] } }>(unit, endpoints.get, { _id: id })).contract,
    save: async (unit, contract) => (await post<{ _id: string }>(unit, endpoints.save, contract))._id,
    remove: (unit, id) => msg(unit, endpoints.delete, { _id: id }),
    pause: (unit, id) => msg(unit, endpoints.pause, { _id: id }),
    resume: (unit, id, backbill) => msg(unit, endpoints.resume, { _id: id, backbill }),
    end: (unit, id) => msg(unit, endpoints.end, { _id: id }),
    raise: (unit, id) => msg(unit, endpoints.raise, { _id: id }),
  };
}
