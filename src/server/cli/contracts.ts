import { isIsoDay, localIsoDay, type Registry } from '../../engine/core';
import { runContracts } from '../contracts/run-contracts';
import type { Storage } from '../storage';
import { UsageError } from './trash';

export const CONTRACTS_USAGE = `  contracts run [--asof YYYY-MM-DD] [--unit <slug>]
                   raise the service contracts' invoices due by asof (default today), as the server's scheduler
                   does; e-mails they send wait for a running server to send them`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`Give a value after ${name}.`);
  return value;
}

/** `contracts run`: one run of the contract scheduler (run-contracts.ts) on the server's database. */
export async function contractsCommand(storage: Storage, registry: Registry, args: string[]): Promise<string> {
  const [verb, ...options] = args;
  const spec = registry.contracts;
  if (verb !== 'run' || !spec) throw new UsageError('Give contracts run.');
  const known = new Set(['--asof', '--unit']);
  const stray = options.find((arg, i) => arg.startsWith('--') ? !known.has(arg) : !known.has(options[i - 1]));
  if (stray) throw new UsageError(`Unknown option ${stray}.`);
  const asof = option(options, '--asof') ?? localIsoDay();
  if (!isIsoDay(asof)) throw new UsageError('Give --asof as a date written YYYY-MM-DD.');
  const unit = option(options, '--unit');
  if (unit !== undefined && !registry.unit(unit)) throw new UsageError(`Unknown unit "${unit}"; one of: ${registry.units.map((u) => u.slug).join(', ')}.`);
  const report = await runContracts({ registry, spec, storage, log: () => {} }, asof, unit);
  const lines = [
    ...report.raised.map((r) => `contract ${r.contract} cycle ${r.cycle}: raised ${r.printedNo} dated ${r.date}`),
    ...report.drafts.map((r) => `contract ${r.contract} cycle ${r.cycle}: kept as a draft to approve`),
    ...report.held.map((r) => `contract ${r.contract} cycle ${r.cycle}: held as a draft (its due date is in a filed period)`),
    ...report.refused.map((r) => `contract ${r.contract} cycle ${r.cycle}: not raised: ${r.msg}`),
    ...report.completed.map((id) => `contract ${id}: completed`),
  ];
  return [`Contracts as of ${asof}: ${report.raised.length} invoice${report.raised.length === 1 ? '' : 's'} raised.`, ...lines].join('\n');
}
