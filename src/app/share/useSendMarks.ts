import { useCallback, useEffect, useState } from 'react';
import { BILL_YEAR_KEY, type BillTypeEntry } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import type { BillListRow } from '../api/types';
import type { SendMark } from './share-api';

const QUEUED_POLL_MS = 3000;

/** A list row's bill as the marks name it: its number and the year the row carries. */
export const rowBill = (row: BillListRow) => ({
  billno: row.billno,
  fy: String(row[BILL_YEAR_KEY] ?? ''),
});

/**
 * Issue 32 part 2: how the latest e-mail of each bill on the list's page went (sent, failed, sending), asked for
 * once per page; `refresh` asks again after a send. A list that cannot get them shows no marks.
 */
export function useSendMarks(billType: BillTypeEntry, rows: BillListRow[] | undefined) {
  const { share } = useApi();
  const [marks, setMarks] = useState<Map<string, SendMark>>(new Map());
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bills = (rows ?? []).map(rowBill).filter((bill) => bill.fy !== '');
    if (bills.length === 0) return;
    let current = true;
    share.marks(billType, bills).then(
      (found) => current && setMarks(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [share, billType, rows, version]);
  // While a send is under way the marks are asked again, so "Sent" or "Send failed" shows without a reload.
  const underWay = [...marks.values()].includes('queued');
  useEffect(() => {
    if (!underWay) return;
    const timer = setInterval(() => setVersion((count) => count + 1), QUEUED_POLL_MS);
    return () => clearInterval(timer);
  }, [underWay]);
  const markOf = useCallback((row: BillListRow) => marks.get(`${String(row[BILL_YEAR_KEY] ?? '')}/${row.billno}`), [marks]);
  const refresh = useCallback(() => setVersion((count) => count + 1), []);
  return { markOf, refresh };
}
