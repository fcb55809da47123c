import {
  contractBillTypes,
  contractCycles,
  contractLastDay,
  defaultContractBillType,
  isIsoDay,
  ownValue,
  shortestCycleDays,
  validateBill,
  type BillType,
  type ContractMessage,
  type ContractPlan,
  type ContractsSpec,
  type Registry,
} from '../../engine/core';
import type { Body } from '../http/body';
import { badRequest } from '../http/errors';
import type { Storage } from '../storage';
import type { ContractInput, ContractTerms, ContractVisit } from '../storage/contracts';
import { contractMessage, cycleBillPayload, CYCLE_OWN_ROLES } from './cycle-bill';

type Refuse = (name: ContractMessage, values?: Record<string, string | number>) => never;

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

function textOf(spec: ContractsSpec, refuse: Refuse, value: unknown, field: keyof ContractsSpec['fields']): string {
  if (isBlank(value)) return '';
  const { title, maxLength } = spec.fields[field];
  if (typeof value !== 'string' || [...value].length > maxLength) refuse('tooLong', { field: title, max: maxLength });
  return (value as string).trim();
}

function wholeNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

/** The contract's plan (start, length, frequency, due day) from a body; the first problem refused. */
function planOf(spec: ContractsSpec, refuse: Refuse, body: Body): { plan: ContractPlan; frequency: string } {
  const start = body.startdate;
  if (!isIsoDay(start)) refuse('start');
  const end = isBlank(body.enddate) ? undefined : body.enddate;
  if (end !== undefined && (!isIsoDay(end) || end < (start as string))) refuse('end');
  const { maxCycles, maxEveryDays } = spec.limits;
  const cycles = isBlank(body.cycles) ? undefined : wholeNumber(body.cycles);
  const badCycles = !isBlank(body.cycles) && (cycles === undefined || cycles < 1 || cycles > maxCycles);
  if (badCycles || (end === undefined) === (cycles === undefined)) refuse('length', { max: maxCycles });
  const frequency = typeof body.frequency === 'string' ? ownValue(spec.frequencies, body.frequency) : undefined;
  if (!frequency) refuse('frequency', { frequencies: Object.keys(spec.frequencies).join(', ') });
  let everyDays: number | undefined;
  if (frequency!.days) {
    everyDays = wholeNumber(body.everydays);
    if (everyDays === undefined || everyDays < 1 || everyDays > maxEveryDays) refuse('everyDays', { max: maxEveryDays });
  }
  const timing = { months: frequency!.months, everyDays };
  const dueDay = isBlank(body.dueday) ? 1 : wholeNumber(body.dueday);
  const latest = shortestCycleDays(timing);
  if (dueDay === undefined || dueDay < 1 || dueDay > latest) refuse('dueDay', { max: latest });
  const plan = { start: start as string, end: end as string | undefined, cycles, ...timing, dueDay: dueDay! };
  return { plan, frequency: body.frequency as string };
}

/** The contract's visits: each a day within the contract, in the cycle it falls in unless one is named. */
function visitsOf(spec: ContractsSpec, refuse: Refuse, value: unknown, cycles: ReturnType<typeof contractCycles>, lastDay: string): ContractVisit[] {
  if (isBlank(value)) return [];
  if (!Array.isArray(value) || value.length > spec.limits.maxVisits) refuse('visit', { n: 1 });
  return (value as unknown[]).map((item, index) => {
    const visit = (item && typeof item === 'object' && !Array.isArray(item) ? item : {}) as Body;
    const date = visit.date;
    const inside = isIsoDay(date) && date >= cycles[0].from && date <= lastDay;
    const named = isBlank(visit.cycle) ? undefined : wholeNumber(visit.cycle);
    const cycle = named ?? cycles.find((c) => inside && (date as string) >= c.from && (date as string) <= c.to)?.no;
    if (!inside || cycle === undefined || cycle < 1 || cycle > cycles.length) refuse('visit', { n: index + 1 });
    if (!isBlank(visit.done) && typeof visit.done !== 'boolean') refuse('visit', { n: index + 1 });
    return {
      date: date as string,
      cycle: cycle!,
      engineer: textOf(spec, refuse, visit.engineer, 'engineer'),
      done: visit.done === true,
      notes: textOf(spec, refuse, visit.notes, 'visitNotes'),
    };
  });
}

/** The bill header a contract keeps: the type's header fields but its own number, date and client. */
function headerOf(billType: BillType, value: unknown): Record<string, unknown> {
  if (isBlank(value)) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest('header must be an object of the bill\'s header fields.');
  const kept: Record<string, unknown> = {};
  for (const field of billType.header) {
    if (field.role && CYCLE_OWN_ROLES.includes(field.role)) continue;
    const given = (value as Body)[field.name];
    if (given !== undefined) kept[field.name] = given;
  }
  return kept;
}

/**
 * A contract as savecontract sends it, checked: its client (a saved one), the sales type it raises, its plan, and its
 * lines as the first cycle's bill would be checked (the bill type's own messages). The first problem is a 400.
 */
export async function contractInputOf(registry: Registry, spec: ContractsSpec, storage: Storage, unit: string, body: Body): Promise<ContractInput> {
  const refuse: Refuse = (name, values) => {
    throw badRequest(contractMessage(spec, name, values));
  };
  const clientName = textOf(spec, refuse, body.clientname, 'clientname');
  if (!clientName) refuse('client');
  const client = await storage.clients.findByName(clientName);
  if (!client) refuse('clientMissing', { client: clientName });
  const allowed = contractBillTypes(registry.billTypes, unit);
  const billType = isBlank(body.billtype) ? defaultContractBillType(spec, registry.billTypes, unit) : allowed.find((type) => type.type === body.billtype);
  if (!billType) refuse('billtype', { types: allowed.map((type) => type.type).join(', ') });
  const { plan, frequency } = planOf(spec, refuse, body);
  const cycles = contractCycles(plan, spec.limits.maxCycles);
  if (cycles.length > spec.limits.maxCycles) refuse('tooManyCycles', { cycles: `more than ${spec.limits.maxCycles}`, max: spec.limits.maxCycles });
  const lastDay = contractLastDay(plan, cycles);
  const approval = isBlank(body.approval) ? 'direct' : body.approval;
  if (approval !== 'direct' && approval !== 'drafts') refuse('approval');
  if (!isBlank(body.email) && typeof body.email !== 'boolean') refuse('email');
  const lines = body[billType!.rowsField.name];
  const header = headerOf(billType!, body.header);
  const sample = cycleBillPayload(billType!, client!.name, { header, lines: Array.isArray(lines) ? lines : [] }, client, 1, plan.start);
  const checked = validateBill(registry, billType!, sample);
  if (!checked.ok) refuse('lines', { msg: checked.msg });
  const terms: ContractTerms = {
    header,
    lines: lines as unknown[],
    frequency,
    ...(plan.everyDays !== undefined && { everyDays: plan.everyDays }),
    dueDay: plan.dueDay,
    ...(plan.end !== undefined && { end: plan.end }),
    ...(plan.cycles !== undefined && { cycles: plan.cycles }),
    approval: approval as ContractTerms['approval'],
    email: body.email === true,
    visits: visitsOf(spec, refuse, body.visits, cycles, lastDay),
    notes: textOf(spec, refuse, body.notes, 'notes'),
  };
  return { billType: billType!.type, clientName: client!.name, start: plan.start, lastDay, cycles: cycles.length, terms };
}

/** A saved contract's plan (what its cycles are computed from). */
export function planOfContract(spec: ContractsSpec, contract: ContractInput): ContractPlan {
  const { terms } = contract;
  return {
    start: contract.start,
    end: terms.end,
    cycles: terms.cycles,
    months: ownValue(spec.frequencies, terms.frequency)?.months,
    everyDays: terms.everyDays,
    dueDay: terms.dueDay,
  };
}
