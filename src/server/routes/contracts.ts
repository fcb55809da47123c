import type { FastifyInstance } from 'fastify';
import { isIsoDay, localIsoDay, type ContractsSpec, type ContractStatus } from '../../engine/core';
import { needsOnUnit } from '../auth/access';
import { operatorOf } from '../auth/authenticate';
import { contractAnswer, cycleAnswers } from '../contracts/contract-answer';
import { contractInputOf } from '../contracts/contract-input';
import { contractMessage } from '../contracts/cycle-bill';
import { completeIfDone, cyclesOf, runContracts } from '../contracts/run-contracts';
import { raiseCycle, type RaiseContext } from '../contracts/raise-cycle';
import { bodyOf, optionalBoolean, type Body } from '../http/body';
import { badRequest, notFound } from '../http/errors';
import type { StoredContract } from '../storage/contracts';
import type { RouteContext } from './context';

/** A contract's `_id`: the digits getcontracts answered (or the same number). */
function contractIdFrom(spec: ContractsSpec, body: Body): number {
  const value = body._id;
  const digits = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  // Nine digits at most: an id beyond PostgreSQL's integer would be its error, not our answer.
  if (!/^\d{1,9}$/.test(digits)) throw badRequest(contractMessage(spec, 'id'));
  return Number(digits);
}

/** `asof` (YYYY-MM-DD), today when not given. */
function asofFrom(spec: ContractsSpec, body: Body): string {
  const value = body.asof;
  if (value === undefined || value === null || value === '') return localIsoDay();
  if (!isIsoDay(value)) throw badRequest(contractMessage(spec, 'asof'));
  return value;
}

const statusText = (spec: ContractsSpec, status: ContractStatus) => spec.statuses[status].toLowerCase();

/** The unit's contract of `_id`, or 404. */
async function foundContract(context: RouteContext, spec: ContractsSpec, unit: string, body: Body): Promise<StoredContract> {
  const contract = await context.storage.contracts.find(unit, contractIdFrom(spec, body));
  if (!contract) throw notFound(contractMessage(spec, 'missing'));
  return contract;
}

/** What a client, type, start and frequency fix: once an invoice is raised these stay (the cycles raised follow them). */
const fixedTerms = (contract: { billType: string; clientName: string; start: string; terms: { frequency: string; everyDays?: number; dueDay: number } }) =>
  JSON.stringify([contract.billType, contract.clientName, contract.start, contract.terms.frequency, contract.terms.everyDays, contract.terms.dueDay]);

/**
 * Service contracts (issue 47, contracts.json), per unit: save, list, get, delete (only before an invoice is raised),
 * pause, resume (with `backbill` the cycles due while paused are raised too), end, raise now, and run the scheduler as
 * of a day. Every refusal is a 4xx with `{ msg }`; every change is audited.
 */
export function contractRoutes(app: FastifyInstance, context: RouteContext): void {
  const { registry, storage } = context;
  const spec = registry.contracts;
  if (!spec) return;
  const raiseContext: RaiseContext = { registry, spec, storage, kickMail: () => context.mail.queue.kick(), log: (line) => app.log.warn(line) };
  const { endpoints } = spec;
  for (const unit of registry.units) {
    const path = (endpoint: string) => `/api/${unit.slug}/${endpoint}`;
    const read = needsOnUnit('contracts.read', unit.slug);
    const write = needsOnUnit('contracts.write', unit.slug);
    const answer = (contract: StoredContract) => contractAnswer(registry, spec, contract);

    app.post(path(endpoints.save), write, async (request) => {
      const body = bodyOf(request);
      const operator = operatorOf(request).email;
      const input = await contractInputOf(registry, spec, storage, unit.slug, body);
      if (body._id === undefined || body._id === null || body._id === '') {
        const id = await storage.contracts.add(unit.slug, input, operator);
        return { msg: 'Contract saved.', _id: String(id) };
      }
      const id = contractIdFrom(spec, body);
      const saved = await storage.contracts.update(unit.slug, id, input, operator, (before) => {
        if (before.status === 'ended' || before.status === 'completed') return contractMessage(spec, 'finished', { status: statusText(spec, before.status) });
        const raised = before.cycleRows.some((row) => row.status !== 'skipped');
        if (raised && fixedTerms(before) !== fixedTerms(input)) return contractMessage(spec, 'changedAfterRaise');
        const last = Math.max(0, ...before.cycleRows.map((row) => row.no));
        return last > input.cycles ? contractMessage(spec, 'shorterThanRaised', { cycle: last }) : undefined;
      });
      if (!saved) throw notFound(contractMessage(spec, 'missing'));
      if (!saved.ok) throw badRequest(saved.msg);
      return { msg: 'Contract saved.', _id: String(id) };
    });

    app.post(path(endpoints.list), read, async () => ({ contracts: (await storage.contracts.list(unit.slug)).map(answer) }));

    app.post(path(endpoints.get), read, async (request) => {
      const contract = await foundContract(context, spec, unit.slug, bodyOf(request));
      return { contract: { ...answer(contract), cyclelist: await cycleAnswers(registry, spec, storage, contract) } };
    });

    app.post(path(endpoints.delete), write, async (request) => {
      const id = contractIdFrom(spec, bodyOf(request));
      const removed = await storage.contracts.remove(unit.slug, id, operatorOf(request).email);
      if (!removed) throw notFound(contractMessage(spec, 'missing'));
      if (removed === 'raised') throw badRequest(contractMessage(spec, 'raised'));
      return { msg: 'Contract deleted.' };
    });

    const move = (endpoint: string, to: ContractStatus, action: string, from: readonly ContractStatus[]) =>
      app.post(path(endpoint), write, async (request) => {
        const id = contractIdFrom(spec, bodyOf(request));
        const moved = await storage.contracts.setStatus(unit.slug, id, operatorOf(request).email, (contract) =>
          from.includes(contract.status) ? { status: to } : contractMessage(spec, 'notActive', { status: statusText(spec, contract.status), action }),
        );
        if (!moved) throw notFound(contractMessage(spec, 'missing'));
        if (!moved.ok) throw badRequest(moved.msg);
        return { msg: `Contract ${spec.statuses[to].toLowerCase()}.`, contract: answer(moved.contract) };
      });
    move(endpoints.pause, 'paused', 'is paused', ['active']);
    move(endpoints.end, 'ended', 'is ended', ['active', 'paused']);

    app.post(path(endpoints.resume), write, async (request) => {
      const body = bodyOf(request);
      const id = contractIdFrom(spec, body);
      const backbill = optionalBoolean(body, 'backbill') ?? false;
      const asof = asofFrom(spec, body);
      const resumed = await storage.contracts.resume(
        unit.slug,
        id,
        operatorOf(request).email,
        (contract) => (contract.status === 'paused' ? undefined : contractMessage(spec, 'notPaused', { status: statusText(spec, contract.status) })),
        // Without backbill, the cycles that fell due while paused are skipped: a later run does not bill them.
        (contract) => {
          if (backbill) return [];
          const done = new Set(contract.cycleRows.map((row) => row.no));
          return cyclesOf(spec, contract).filter((cycle) => cycle.due < asof && !done.has(cycle.no));
        },
      );
      if (!resumed) throw notFound(contractMessage(spec, 'missing'));
      if (!resumed.ok) throw badRequest(resumed.msg);
      return { msg: 'Contract resumed.', contract: answer(resumed.contract) };
    });

    // Raise now: the oldest draft or held invoice is issued (dated today when its own day is in a filed period), else
    // the next cycle's invoice is raised ahead of its due day, dated today.
    app.post(path(endpoints.raise), write, async (request) => {
      const body = bodyOf(request);
      const contract = await foundContract(context, spec, unit.slug, body);
      const today = asofFrom(spec, body);
      if (contract.status !== 'active') throw badRequest(contractMessage(spec, 'notActive', { status: statusText(spec, contract.status), action: 'raises invoices' }));
      const rows = new Map(contract.cycleRows.map((row) => [row.no, row]));
      const cycles = cyclesOf(spec, contract);
      const waiting = cycles.find((cycle) => rows.get(cycle.no)?.status === 'draft' || rows.get(cycle.no)?.status === 'held');
      const next = waiting ?? cycles.find((cycle) => !rows.has(cycle.no));
      if (!next) throw badRequest(contractMessage(spec, 'nothingDue'));
      const upto = await storage.periodLocks.upTo(unit.slug);
      const date = waiting && next.due <= today && !(upto && next.due <= upto) ? next.due : today;
      const outcome = await raiseCycle(raiseContext, contract, next, date, true);
      if (outcome.kind === 'refused') throw badRequest(outcome.msg);
      if (outcome.kind === 'taken') throw badRequest(contractMessage(spec, 'nothingDue'));
      if (outcome.kind === 'held') throw badRequest(contractMessage(spec, 'locked', { cycle: next.no, date, upto }));
      await completeIfDone(raiseContext, contract);
      const now = (await storage.contracts.find(unit.slug, contract.id))!;
      const raised = outcome.kind === 'raised' ? { billtype: contract.billType, billno: outcome.billno, fy: outcome.fy, printedno: outcome.printedNo, date: outcome.date } : undefined;
      return { msg: raised ? `Invoice ${raised.printedno} raised.` : 'Invoice kept as a draft.', bill: raised, contract: answer(now) };
    });

    app.post(path(endpoints.run), write, async (request) => {
      const report = await runContracts(raiseContext, asofFrom(spec, bodyOf(request)), unit.slug);
      return { msg: `Raised ${report.raised.length} invoice${report.raised.length === 1 ? '' : 's'}.`, ...report };
    });
  }
}
