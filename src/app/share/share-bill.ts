import type { BillTypeEntry } from '../../engine/core';
import { financialYearLabel, financialYearOfDate } from '../../engine/core/financial-year';
import type { ShareApi } from './share-api';
import { downloadBlob } from '../ui/download';
import { showErrorToast, showSuccessToast } from '../ui/toasts';

export interface SharedBill {
  billType: BillTypeEntry;
  billno: number;
  /** Another year's bill ("2025-26"); else its year is read from `date`, else this year's. */
  fy?: string;
  date?: string;
  pdf: Blob;
  fileName: string;
}

export const SHARE_FALLBACK_TOAST = 'The PDF was downloaded: attach it to the WhatsApp message.';

/** Whether this browser can hand files to the system's share sheet (phones; not desktop Chromium on Linux). */
function canShareFile(file: File): boolean {
  return typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });
}

/**
 * Issue 32 part 4, "Share": where the browser can share files the bill's PDF itself goes to the share sheet;
 * elsewhere wa.me opens to the client's phone with the server's message (number, amount, due date, UPI link) and
 * the PDF is downloaded to attach. The tab is opened inside the click, so no pop-up blocker stops it.
 */
export async function shareBill(api: Pick<ShareApi, 'message'>, bill: SharedBill): Promise<void> {
  const file = new File([bill.pdf], bill.fileName, { type: 'application/pdf' });
  if (canShareFile(file)) {
    try {
      await navigator.share({ files: [file], title: bill.fileName });
    } catch (error) {
      // Closing the share sheet is no failure.
      if ((error as Error).name !== 'AbortError') showErrorToast((error as Error).message);
    }
    return;
  }
  const tab = window.open('', '_blank');
  try {
    const year = financialYearOfDate(bill.date);
    const fy = bill.fy ?? (year === undefined ? undefined : financialYearLabel(year));
    const { link } = await api.message(bill.billType, bill.billno, fy);
    downloadBlob(bill.pdf, bill.fileName);
    if (tab) tab.location.href = link;
    else window.location.assign(link);
    showSuccessToast(SHARE_FALLBACK_TOAST);
  } catch (error) {
    tab?.close();
    showErrorToast((error as Error).message);
  }
}
