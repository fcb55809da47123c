import { BALANCE_STATUSES, localIsoDay, paiseToNumber, type BalanceStatus, type BillBalance, type BillType } from '../../engine/core';
import type { Body } from '../http/body';
import { badRequest } from '../http/errors';
import type { Storage } from '../storage';
import type { BillListRow } from '../storage/bills';

/** The list call's filter by balance status: one status or a list of them (the "Unpaid" filter sends three). */
export function statusFilterFrom(body: Body): BalanceStatus[] | undefined {
  const value = body.status;
  if (value === undefined || value === null || value === '') return undefined;
  const statuses = Array.isArray(value) ? value : [value];
  if (statuses.length === 0 || statuses.some((status) => !BALANCE_STATUSES.includes(status as BalanceStatus))) {
    throw badRequest(`status must be one or more of: ${BALANCE_STATUSES.join(', ')}.`);
  }
  return statuses as BalanceStatus[];
}

/** The balance of each listed bill of a sales type (by row id); none for other types. */
export async function listBalances(storage: Storage, billType: BillType, rows: readonly BillListRow[]): Promise<Map<number, BillBalance>> {
  if (!billType.countsAsSales) return new Map();
  const sources = rows.map((row) => ({
    id: row.id ?? 0,
    billDate: row.billDate,
    clientKey: row.clientKey ?? '',
    total: row.grandTotal ?? 0,
    cancelled: row.cancelled === true,
  }));
  return storage.payments.balances(billType.unit, sources, localIsoDay());
}

/** A list row's money: rupees as numbers with 2 places of value, the due day, the status. */
export function balanceAnswer(balance: BillBalance | undefined): Body {
  if (!balance) return {};
  return {
    total: paiseToNumber(balance.total),
    paid: paiseToNumber(balance.paid),
    balance: paiseToNumber(balance.balance),
    due: balance.due,
    status: balance.status,
  };
}
