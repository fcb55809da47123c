import type { Contract, ContractVisit } from './contracts-api';
import { EMPTY_LINE, linesOfRows, rowsOfLines, type FormLine } from './contract-lines';
import { ROWS_FIELD } from './contract-words';

/** What the contract's form holds while it is typed. */
export interface ContractFormState {
  _id?: string;
  clientname: string;
  billtype: string;
  startdate: string;
  /** The contract runs a number of cycles, or to an end date. */
  length: 'cycles' | 'end';
  cycles: string;
  enddate: string;
  frequency: string;
  everydays: string;
  dueday: string;
  approval: 'direct' | 'drafts';
  email: boolean;
  lines: FormLine[];
  visits: ContractVisit[];
  notes: string;
}

export function newContractState(billtype: string, today: string): ContractFormState {
  return {
    clientname: '',
    billtype,
    startdate: today,
    length: 'cycles',
    cycles: '4',
    enddate: '',
    frequency: 'quarterly',
    everydays: '',
    dueday: '1',
    approval: 'direct',
    email: false,
    lines: [{ ...EMPTY_LINE }],
    visits: [],
    notes: '',
  };
}

export function stateOfContract(contract: Contract): ContractFormState {
  return {
    _id: contract._id,
    clientname: contract.clientname,
    billtype: contract.billtype,
    startdate: contract.startdate,
    length: contract.enddate ? 'end' : 'cycles',
    cycles: String(contract.cyclecount ?? contract.cycles),
    enddate: contract.enddate ?? '',
    frequency: contract.frequency,
    everydays: contract.everydays === undefined ? '' : String(contract.everydays),
    dueday: String(contract.dueday),
    approval: contract.approval,
    email: contract.email,
    lines: linesOfRows(contract[ROWS_FIELD]),
    visits: contract.visits,
    notes: contract.notes,
  };
}

/** The savecontract body of the form: the server checks it all and answers the first problem. */
export function contractBody(state: ContractFormState, shape: 'goods' | 'service', tax: boolean): Record<string, unknown> {
  return {
    ...(state._id && { _id: state._id }),
    clientname: state.clientname.trim(),
    billtype: state.billtype,
    startdate: state.startdate,
    ...(state.length === 'cycles' ? { cycles: state.cycles } : { enddate: state.enddate }),
    frequency: state.frequency,
    ...(state.everydays && { everydays: state.everydays }),
    dueday: state.dueday,
    approval: state.approval,
    email: state.email,
    [ROWS_FIELD]: rowsOfLines(state.lines, shape, tax),
    visits: state.visits.map(({ date, engineer, done, notes }) => ({ date, engineer, done, notes })),
    notes: state.notes,
  };
}
