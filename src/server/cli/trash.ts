import { userInfo } from 'node:os';
import { financialYearLabel, financialYearOf, localIsoDay, parseFinancialYear, type BillType, type Registry } from '../../engine/core';
import type { Storage } from '../storage';

export const TRASH_USAGE = `  trash list [billtype]               list deleted bills (of one bill type)
  trash restore <billtype> <billno> [fy]  bring a deleted bill back (audited); fy like 2026-27`;

export class UsageError extends Error {}

function billTypeArgument(registry: Registry, name: string | undefined): BillType {
  const billType = name === undefined ? undefined : registry.byType(name);
  if (!billType) {
    const known = registry.billTypes.map((b) => b.type).join(', ');
    throw new UsageError(name ? `Unknown bill type "${name}"; one of: ${known}.` : `Give a bill type: ${known}.`);
  }
  return billType;
}

/** Who restored a bill, for the audit log: the CLI has no signed-in operator, so the system user. */
export function cliOperator(): string {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // No user name on this system (a container without /etc/passwd entry): keep "unknown".
  }
  return `cli:${user}`;
}

async function list(storage: Storage, registry: Registry, typeName: string | undefined): Promise<string> {
  const billType = typeName === undefined ? undefined : billTypeArgument(registry, typeName);
  const deleted = await storage.trash.list(billType && { unit: billType.unit, type: billType.type });
  if (deleted.length === 0) return 'The trash is empty.';
  const lines = deleted.map((bill) =>
    [bill.type, bill.billno, financialYearLabel(bill.fy), bill.billDate, bill.clientName, `deleted ${bill.deletedAt} by ${bill.deletedBy}`].join('\t'),
  );
  return ['billtype\tbillno\tfy\tdate\tclient\tdeleted', ...lines].join('\n');
}

async function restore(storage: Storage, registry: Registry, args: string[]): Promise<string> {
  const billType = billTypeArgument(registry, args[0]);
  const billno = Number(args[1]);
  if (!/^\d{1,9}$/.test(args[1] ?? '') || billno < 1)
    throw new UsageError('Give the bill number (a whole number from 1).');
  const fy = args[2] === undefined ? undefined : parseFinancialYear(args[2]);
  if (args[2] !== undefined && fy === undefined) throw new UsageError('Give the financial year like 2026-27.');
  const key = { unit: billType.unit, type: billType.type, billno, fy, defaultFy: financialYearOf(localIsoDay()) };
  if (!(await storage.trash.restore(key, cliOperator()))) {
    const live = await storage.bills.find(key);
    throw new Error(
      live ? `${billType.menuLabel} No. ${billno} is not deleted.` : `There is no ${billType.menuLabel} No. ${billno}.`,
    );
  }
  return `Restored ${billType.menuLabel} No. ${billno}.`;
}

/** `npm run operator -- trash list|restore ...`: the deleted bills. */
export async function trashCommand(storage: Storage, registry: Registry, args: string[]): Promise<string> {
  const [action, ...rest] = args;
  if (action === 'list') return list(storage, registry, rest[0]);
  if (action === 'restore') return restore(storage, registry, rest);
  throw new UsageError('Say "trash list" or "trash restore".');
}
