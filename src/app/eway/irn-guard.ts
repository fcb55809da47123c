import { useMemo } from 'react';
import { hasEInvoice } from '../../engine/core/e-invoice';
import { financialYearLabel, financialYearOfDate } from '../../engine/core/financial-year';
import type { BillServices, BillUi } from '../../engine/react/contract';
import { useApi } from '../api/ApiContext';

/** The question's texts (issue 33). */
export const IRN_CHANGE = {
  title: 'E-invoice registered',
  description: (name: string, ackDate: string) =>
    `${name} has an IRN (acknowledged ${ackDate}). The IRP lets an e-invoice be cancelled within 24 hours only; a change here does not change it. Save anyway?`,
  confirmLabel: 'Save',
  cancelLabel: 'Cancel',
  declined: 'Not saved: the bill stays as its e-invoice was registered.',
};

/**
 * Issue 33: an edit of a bill whose e-invoice the IRP registered asks first. The server accepts the update (the
 * operator may be correcting within the IRP's 24 hours, or issuing a note next); the question is the screen's.
 */
export function useIrnGuard(services: BillServices, ui: BillUi): BillServices {
  const { eway } = useApi();
  return useMemo(
    () => ({
      ...services,
      async submitBill(billType, method, payload, convertedFrom) {
        if (method === 'update' && hasEInvoice(billType)) {
          const billno = Number(payload[billType.roles.billNumber.name]);
          const year = financialYearOfDate(payload[billType.roles.billDate.name]);
          const fy = typeof payload.fy === 'string' ? payload.fy : year === undefined ? undefined : financialYearLabel(year);
          // A failed look-up lets the save go on: the question is a courtesy.
          const irn = await eway.irnOf({ billType, billno, fy }).catch(() => null);
          if (irn) {
            const confirmed = await ui.confirm({
              title: IRN_CHANGE.title,
              description: IRN_CHANGE.description(`${billType.menuLabel} No. ${billno}`, irn.AckDt),
              confirmLabel: IRN_CHANGE.confirmLabel,
              cancelLabel: IRN_CHANGE.cancelLabel,
            });
            if (!confirmed) throw new Error(IRN_CHANGE.declined);
          }
        }
        return services.submitBill(billType, method, payload, convertedFrom);
      },
    }),
    [services, eway, ui],
  );
}
