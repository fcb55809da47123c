import { billFigures, exactNumber, localIsoDay, addDays, type ContractsSpec, type Registry } from '../../engine/core';
import type { Body } from '../http/body';
import { balanceAnswer } from '../routes/list-balances';
import type { Storage } from '../storage';
import type { StoredContract } from '../storage/contracts';
import { cycleBillPayload } from './cycle-bill';
import { cyclesOf } from './run-contracts';

/** The first cycle not yet invoiced (nor skipped): its due day, or null when none is left. */
export function nextDue(spec: ContractsSpec, contract: StoredContract): string | null {
  const done = new Set(contract.cycleRows.map((row) => row.no));
  return cyclesOf(spec, contract).find((cycle) => !done.has(cycle.no))?.due ?? null;
}

/** An active or paused contract that ends within the renewal days of `today`: the screens remind of renewing it. */
export function needsRenewal(spec: ContractsSpec, contract: StoredContract, today: string): boolean {
  const open = contract.status === 'active' || contract.status === 'paused';
  return open && contract.lastDay >= today && contract.lastDay <= addDays(today, spec.renewalDays);
}

/** What each cycle bills, its grand total in rupees (the bill type's own figures of the contract's lines). */
function amountPerCycle(registry: Registry, contract: StoredContract): number | null {
  const billType = registry.byType(contract.billType);
  if (!billType) return null;
  const bill = cycleBillPayload(billType, contract.clientName, contract.terms, undefined, 1, contract.start);
  try {
    return exactNumber(billFigures(billType, bill).grandTotal);
  } catch {
    return null;
  }
}

/** A contract as getcontracts answers it: its terms, where it stands, and what each cycle bills. */
export function contractAnswer(registry: Registry, spec: ContractsSpec, contract: StoredContract, today = localIsoDay()): Body {
  const { terms } = contract;
  const billType = registry.byType(contract.billType);
  return {
    _id: String(contract.id),
    clientname: contract.clientName,
    billtype: contract.billType,
    startdate: contract.start,
    enddate: terms.end ?? null,
    lastday: contract.lastDay,
    cycles: contract.cycles,
    ...(terms.cycles !== undefined && { cyclecount: terms.cycles }),
    raised: contract.cycleRows.filter((row) => row.status === 'raised').length,
    drafts: contract.cycleRows.filter((row) => row.status === 'draft' || row.status === 'held').length,
    status: contract.status,
    flag: contract.flag || null,
    frequency: terms.frequency,
    ...(terms.everyDays !== undefined && { everydays: terms.everyDays }),
    dueday: terms.dueDay,
    approval: terms.approval,
    email: terms.email,
    header: terms.header,
    ...(billType && { [billType.rowsField.name]: terms.lines }),
    visits: terms.visits,
    notes: terms.notes,
    nextdue: contract.status === 'active' || contract.status === 'paused' ? nextDue(spec, contract) : null,
    amount: amountPerCycle(registry, contract),
    renewal: needsRenewal(spec, contract, today),
  };
}

/** A contract's cycles as its screen shows them: dates, where each stands, and the invoice raised with its balance. */
export async function cycleAnswers(registry: Registry, spec: ContractsSpec, storage: Storage, contract: StoredContract, today = localIsoDay()): Promise<Body[]> {
  const billType = registry.byType(contract.billType);
  const byNo = new Map(contract.cycleRows.map((row) => [row.no, row]));
  const billIds = contract.cycleRows.flatMap((row) => (row.billId === null ? [] : [row.billId]));
  const bills = new Map((await storage.contracts.raisedBills(billIds)).map((bill) => [Number(bill.id), bill]));
  const sources = [...bills.values()].map((bill) => ({
    id: Number(bill.id),
    billDate: bill.bill_date,
    clientKey: bill.client_key ?? '',
    total: Number(bill.grand_total ?? 0),
    cancelled: bill.deleted_at !== null,
  }));
  const balances = billType?.countsAsSales && sources.length ? await storage.payments.balances(billType.unit, sources, today) : new Map();
  return cyclesOf(spec, contract).map((cycle) => {
    const row = byNo.get(cycle.no);
    const bill = row?.billId != null ? bills.get(row.billId) : undefined;
    const status = row?.status ?? (cycle.due <= today ? 'due' : 'upcoming');
    return {
      cycle: cycle.no,
      from: cycle.from,
      to: cycle.to,
      due: cycle.due,
      status,
      ...(bill && {
        bill: {
          billtype: bill.type,
          billno: Number(bill.billno),
          fy: Number(bill.fy),
          printedno: bill.printed_no ?? String(bill.billno),
          date: bill.bill_date,
          cancelled: bill.deleted_at !== null,
          ...balanceAnswer(balances.get(Number(bill.id))),
        },
      }),
    };
  });
}
