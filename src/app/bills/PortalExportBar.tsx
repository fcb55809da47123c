import { useCallback, useMemo, useState } from 'react';
import { BILL_YEAR_KEY, type BillTypeEntry } from '../../engine/core';
import { hasEInvoice } from '../../engine/core/e-invoice';
import { hasEwayBill } from '../../engine/core/eway-bill';
import { useApi } from '../api/ApiContext';
import type { BillListRow } from '../api/types';
import { downloadJson } from '../ui/json-file';
import { showErrorToast } from '../ui/toasts';
import type { RowActions } from './bill-columns';
import { otherYear } from './financial-years';

const rowKey = (row: BillListRow) => `${String(row[BILL_YEAR_KEY] ?? '')}/${row.billno}`;

/**
 * Issue 33 item 5: the list's rows picked for one e-way bill or e-invoice file, on types that have either (their
 * schema's transport block, a B2B document). Kept across pages and searches until exported or cleared.
 */
export function usePortalSelection(billType: BillTypeEntry) {
  const [picked, setPicked] = useState<ReadonlyMap<string, BillListRow>>(new Map());
  const exportable = hasEwayBill(billType) || hasEInvoice(billType);
  const toggle = useCallback((row: BillListRow) => {
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(rowKey(row))) next.delete(rowKey(row));
      else next.set(rowKey(row), row);
      return next;
    });
  }, []);
  const selection = useMemo<RowActions['selection']>(
    () => (exportable ? { isSelected: (row) => picked.has(rowKey(row)), toggle } : undefined),
    [exportable, picked, toggle],
  );
  return { selection, selected: [...picked.values()], clear: () => setPicked(new Map()) };
}

/** What the picked rows export to: one e-way bill file, and the e-invoices as one list for the IRP's bulk upload. */
export function PortalExportBar({ billType, selected, onClear }: { billType: BillTypeEntry; selected: BillListRow[]; onClear(): void }) {
  const { eway } = useApi();
  const [busy, setBusy] = useState(false);
  if (selected.length === 0) return null;
  const refs = selected.map((row) => ({ billType, billno: row.billno, fy: otherYear(row[BILL_YEAR_KEY]) }));
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const count = `${selected.length} ${selected.length === 1 ? 'bill' : 'bills'}`;
  return (
    <div className="list-export" role="group" aria-label="Export the selected bills">
      <span>{count} selected</span>
      {hasEwayBill(billType) && (
        <button type="button" className="button button--small" disabled={busy} onClick={() => void run(async () => downloadJson(await eway.ewayBillFile(refs), `EWB-${billType.type}-${selected.length}-bills.json`))}>
          E-Way Bill JSON
        </button>
      )}
      {hasEInvoice(billType) && (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const documents = [];
              for (const ref of refs) documents.push(await eway.eInvoiceFile(ref));
              downloadJson(documents, `EINV-${billType.type}-${selected.length}-bills.json`);
            })
          }
        >
          E-Invoice JSON
        </button>
      )}
      <button type="button" className="button button--small" onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}
