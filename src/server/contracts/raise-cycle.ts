import {
  billFigures,
  financialYearOf,
  normalizeBill,
  PRINTED_NUMBER_KEY,
  printedBillNumber,
  sellerStateCode,
  toStoredBill,
  validateBill,
  type BillType,
  type ContractCycle,
  type ContractsSpec,
  type Registry,
} from '../../engine/core';
import { catalogLinesOf } from '../bills/catalog-lines';
import { recordOf } from '../bills/shape';
import { billForMail, billMailText } from '../mail/bill-mail';
import { printedSeller } from '../profile/seller';
import { PeriodLockedError, type Storage } from '../storage';
import { CycleTakenError, type StoredContract } from '../storage/contracts';
import { filedUpTo } from '../storage/period-locks';
import { contractMessage, cycleBillPayload } from './cycle-bill';

/** What raising needs: the bill types, contracts.json, storage, and the mail queue's nudge. */
export interface RaiseContext {
  registry: Registry;
  spec: ContractsSpec;
  storage: Storage;
  /** Starts the mail queue on a send just queued; none where no queue runs (the CLI's sends wait for a server). */
  kickMail?: () => void;
  log: (line: string) => void;
}

export type RaiseOutcome =
  | { kind: 'raised'; printedNo: string; billno: number; fy: number; date: string }
  | { kind: 'draft' | 'held' | 'taken' }
  | { kind: 'refused'; msg: string };

/** Tries of a number: another bill of the type saved at that moment takes it, and the next one is tried. */
const NUMBER_TRIES = 5;

/** The operator the audit trail records for what a contract did. */
export const contractOperator = (spec: ContractsSpec, contract: Pick<StoredContract, 'id'>) => `${spec.operatorPrefix}${contract.id}`;

/** Has another run (another server, an earlier try) done this cycle? */
async function cycleDone(storage: Storage, contract: StoredContract, no: number): Promise<boolean> {
  const now = await storage.contracts.find(contract.unit, contract.id);
  return !now || now.cycleRows.some((row) => row.no === no && row.status !== 'draft' && row.status !== 'held');
}

/** E-mails a raised invoice to the client when the contract says so; a failure is logged, never undoes the raise. */
async function mailInvoice(context: RaiseContext, billType: BillType, contract: StoredContract, fy: number, billno: number): Promise<void> {
  const { storage, log } = context;
  try {
    const found = await billForMail(storage, billType, { unit: billType.unit, type: billType.type, fy, billno });
    if (!found || !found.clientEmail) return log(`contract ${contract.id}: ${contract.clientName} has no saved e-mail; the invoice was not sent.`);
    if (!(await storage.mail.settings(billType.unit))) return log(`contract ${contract.id}: no mail server is set for ${billType.unit}; the invoice was not sent.`);
    const text = billMailText(found);
    await storage.mail.enqueue({ unit: billType.unit, kind: 'bill', billType: billType.type, fy, billno }, { to: [found.clientEmail], cc: [] }, text.subject, text.body, contractOperator(context.spec, contract));
    context.kickMail?.();
  } catch (error) {
    log(`contract ${contract.id}: the invoice could not be queued for e-mail: ${(error as Error).message}`);
  }
}

/**
 * Raises a cycle's invoice dated `date` through the path a typed bill takes (the bill type's checks, its series for
 * the date's financial year, storage's create with its period lock and audit row), the cycle's row written in the
 * bill's transaction. `issue`: the operator approves the cycle's draft (else a contract of drafts keeps one). A date
 * in a filed period holds the invoice as a draft and flags the contract.
 */
export async function raiseCycle(context: RaiseContext, contract: StoredContract, cycle: ContractCycle, date: string, issue: boolean): Promise<RaiseOutcome> {
  const { registry, spec, storage } = context;
  const billType = registry.byType(contract.billType);
  if (!billType) return { kind: 'refused', msg: contractMessage(spec, 'billtype', { types: contract.billType }) };
  const operator = contractOperator(spec, contract);
  const fromDraft = contract.cycleRows.some((row) => row.no === cycle.no && (row.status === 'draft' || row.status === 'held'));
  const hold = async (): Promise<RaiseOutcome> => {
    if (fromDraft) return { kind: 'held' };
    const upto = await filedUpTo(storage.database.db, contract.unit);
    const flag = contractMessage(spec, 'locked', { cycle: cycle.no, date, upto });
    return (await storage.contracts.holdDraft(contract.unit, contract.id, cycle, 'held', flag, operator)) ? { kind: 'held' } : { kind: 'taken' };
  };
  if (!issue && !fromDraft && contract.terms.approval === 'drafts') {
    const kept = await storage.contracts.holdDraft(contract.unit, contract.id, cycle, 'draft', undefined, operator);
    return { kind: kept ? 'draft' : 'taken' };
  }
  const upto = await filedUpTo(storage.database.db, contract.unit);
  if (upto && date <= upto) return hold();

  const client = await storage.clients.findByName(contract.clientName);
  const profile = await printedSeller(storage, billType.unit);
  const fy = financialYearOf(date);
  for (let attempt = 0; attempt < NUMBER_TRIES; attempt++) {
    const format = await storage.series.formatOf(billType.unit, billType.type);
    const billno = (await storage.bills.highestNumber(billType.unit, billType.type, fy, format)) + 1;
    const payload = cycleBillPayload(billType, contract.clientName, contract.terms, client, billno, date);
    const checked = validateBill(registry, billType, payload);
    if (!checked.ok) return { kind: 'refused', msg: contractMessage(spec, 'lines', { msg: checked.msg }) };
    const normalized = toStoredBill(billType, normalizeBill(billType, payload));
    const printedNo = printedBillNumber(format, billno, fy);
    const bill = { ...normalized, [PRINTED_NUMBER_KEY]: printedNo };
    const record = recordOf(billType, bill);
    const extras = {
      catalogEntries: catalogLinesOf(registry, billType, record.lines),
      figures: billFigures(billType, bill, sellerStateCode(billType.unitInfo, profile)),
      contractCycle: { contractId: contract.id, no: cycle.no, due: cycle.due, fromDraft },
    };
    try {
      const outcome = await storage.bills.create(record, operator, format, undefined, extras);
      if (outcome === 'created') {
        if (contract.terms.email) await mailInvoice(context, billType, contract, fy, billno);
        return { kind: 'raised', printedNo, billno, fy, date };
      }
    } catch (error) {
      if (error instanceof CycleTakenError) return { kind: 'taken' };
      if (error instanceof PeriodLockedError) return hold();
      throw error;
    }
    // The number was taken: by this very cycle on another server (done), or by another bill (try the next).
    if (await cycleDone(storage, contract, cycle.no)) return { kind: 'taken' };
  }
  return { kind: 'refused', msg: `Bill numbers of ${billType.menuLabel} were taken ${NUMBER_TRIES} times running; the run tries again later.` };
}
