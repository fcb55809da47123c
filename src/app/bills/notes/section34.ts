import { creditNoteLastDay } from '../../../engine/core/gst-returns';
import type { BillUi } from '../../../engine/react/contract';
import { isoToIndian as displayDate } from '../../../engine/core/typed-date';

/**
 * Section 34(2): a credit note dated after 30 November following the end of the original's financial year no
 * longer reduces the tax. Asks before such a note is saved; resolves whether to save it. Other notes pass.
 */
export async function confirmLateCredit(ui: BillUi, note: { sign: number; date: string }, original: { name: string; date: string }): Promise<boolean> {
  const lastDay = creditNoteLastDay(original.date);
  if (note.sign >= 0 || note.date <= lastDay) return true;
  return ui.confirm({
    title: 'Credit note after the time limit',
    description:
      `${original.name} is dated ${displayDate(original.date)}. Under Section 34 of the CGST Act a credit note for it ` +
      `reduces the tax only when issued by ${displayDate(lastDay)}: the credit can no longer be claimed. Save this credit note anyway?`,
    confirmLabel: 'Yes',
    cancelLabel: 'No',
  });
}
