import { addDays } from '../../engine/core/contract-schedule';
import type { Contract } from './contracts-api';

/** One line of the landing screen's "Due this week": what, for which contract of which unit. */
export interface DueItem {
  unit: string;
  contractId: string;
  clientname: string;
  date: string;
  text: string;
}

export interface DueThisWeek {
  invoices: DueItem[];
  drafts: DueItem[];
  visits: DueItem[];
  renewals: DueItem[];
}

const WEEK_DAYS = 7;

/**
 * What a unit's contracts need this week (issue 47): invoices the scheduler raises by today + 7 days, drafts waiting
 * for approval or held in a filed period, visits not done by then, and contracts to renew. Earliest first.
 */
export function dueThisWeek(unit: string, contracts: readonly Contract[], today: string): DueThisWeek {
  const weekEnd = addDays(today, WEEK_DAYS);
  const item = (contract: Contract, date: string, text: string): DueItem => ({ unit, contractId: contract._id, clientname: contract.clientname, date, text });
  const open = contracts.filter((contract) => contract.status === 'active' || contract.status === 'paused');
  const byDate = (a: DueItem, b: DueItem) => a.date.localeCompare(b.date);
  return {
    invoices: open
      .filter((contract) => contract.status === 'active' && contract.nextdue !== null && contract.nextdue <= weekEnd)
      .map((contract) => item(contract, contract.nextdue!, contract.approval === 'drafts' ? 'invoice kept as a draft to approve' : 'invoice raised'))
      .sort(byDate),
    drafts: open.filter((contract) => contract.drafts > 0).map((contract) => item(contract, contract.nextdue ?? today, contract.flag ?? `${contract.drafts} draft invoice${contract.drafts === 1 ? '' : 's'} to approve`)),
    visits: open
      .flatMap((contract) => contract.visits.filter((visit) => !visit.done && visit.date <= weekEnd).map((visit) => item(contract, visit.date, visit.engineer ? `visit by ${visit.engineer}` : 'visit')))
      .sort(byDate),
    renewals: contracts.filter((contract) => contract.renewal).map((contract) => item(contract, contract.lastday, 'contract ends: renew it')),
  };
}

export const isEmpty = (due: DueThisWeek) => Object.values(due).every((items: DueItem[]) => items.length === 0);
