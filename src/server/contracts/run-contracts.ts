import { contractCycles, localIsoDay, type ContractCycle, type ContractsSpec } from '../../engine/core';
import type { StoredContract } from '../storage/contracts';
import { planOfContract } from './contract-input';
import { contractOperator, raiseCycle, type RaiseContext, type RaiseOutcome } from './raise-cycle';

/** What one run did, contract by contract: each cycle it raised, kept as a draft or held, and problems. */
export interface RunReport {
  asof: string;
  raised: { contract: number; cycle: number; printedNo: string; date: string }[];
  drafts: { contract: number; cycle: number }[];
  held: { contract: number; cycle: number }[];
  refused: { contract: number; cycle: number; msg: string }[];
  completed: number[];
}

/** A contract's cycles by its plan. */
export function cyclesOf(spec: ContractsSpec, contract: StoredContract): ContractCycle[] {
  return contractCycles(planOfContract(spec, contract), spec.limits.maxCycles);
}

/** Every cycle has its invoice (or was skipped on resuming): the contract is completed. */
export function allInvoiced(spec: ContractsSpec, contract: StoredContract): boolean {
  const done = new Set(contract.cycleRows.filter((row) => row.status === 'raised' || row.status === 'skipped').map((row) => row.no));
  return cyclesOf(spec, contract).every((cycle) => done.has(cycle.no));
}

function noted(report: RunReport, contract: StoredContract, cycle: ContractCycle, outcome: RaiseOutcome): void {
  const at = { contract: contract.id, cycle: cycle.no };
  if (outcome.kind === 'raised') report.raised.push({ ...at, printedNo: outcome.printedNo, date: outcome.date });
  else if (outcome.kind === 'draft') report.drafts.push(at);
  else if (outcome.kind === 'held') report.held.push(at);
  else if (outcome.kind === 'refused') report.refused.push({ ...at, msg: outcome.msg });
}

/** Marks a contract completed once its every cycle is invoiced (read again: another server may have done it). */
export async function completeIfDone(context: RaiseContext, contract: StoredContract): Promise<boolean> {
  const now = await context.storage.contracts.find(contract.unit, contract.id);
  if (!now || now.status !== 'active' || !allInvoiced(context.spec, now)) return false;
  const moved = await context.storage.contracts.setStatus(contract.unit, contract.id, contractOperator(context.spec, contract), (current) =>
    current.status === 'active' ? { status: 'completed' } : current.status,
  );
  return moved?.ok === true;
}

/**
 * Raises every invoice that has fallen due by `asof` (today for the scheduler; another day for runcontracts and the
 * CLI), oldest first, for the active contracts (of `unit`, or all). Safe to run on several servers at once and again
 * after a failure: a cycle's row is written with its bill, and a cycle with a row is never raised again.
 */
export async function runContracts(context: RaiseContext, asof: string = localIsoDay(), unit?: string): Promise<RunReport> {
  const report: RunReport = { asof, raised: [], drafts: [], held: [], refused: [], completed: [] };
  const contracts = (await context.storage.contracts.active()).filter((contract) => unit === undefined || contract.unit === unit);
  for (const contract of contracts) {
    const done = new Set(contract.cycleRows.map((row) => row.no));
    for (const cycle of cyclesOf(context.spec, contract)) {
      if (cycle.due > asof) break;
      if (done.has(cycle.no)) continue;
      let outcome: RaiseOutcome;
      try {
        outcome = await raiseCycle(context, contract, cycle, cycle.due, false);
      } catch (error) {
        // The bill and its cycle row were rolled back together: the next run raises this cycle again.
        outcome = { kind: 'refused', msg: `The invoice could not be saved (${(error as Error).message}); the next run tries again.` };
        context.log(`contract ${contract.id} cycle ${cycle.no}: ${outcome.msg}`);
      }
      noted(report, contract, cycle, outcome);
      // A refusal (a bill type's check the contract's lines no longer pass, a failure) stops this contract's run.
      if (outcome.kind === 'refused') break;
    }
    if (await completeIfDone(context, contract)) report.completed.push(contract.id);
  }
  return report;
}

/** The scheduler inside the server: a run at start (catching up after time down), then one every `everyMs`. */
export function startContractScheduler(context: RaiseContext, everyMs: number): { close(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let closed = false;
  const run = () => {
    if (closed) return;
    running = running
      .then(() => runContracts(context))
      .then((report) => {
        if (report.raised.length || report.held.length || report.refused.length) {
          context.log(`contracts: raised ${report.raised.length}, held ${report.held.length}, drafts ${report.drafts.length}, refused ${report.refused.length}`);
        }
      })
      .catch((error: Error) => context.log(`contracts: the run failed (${error.message}); the next run tries again`));
  };
  const first = setTimeout(run, 0);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return {
    async close() {
      closed = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
