import { formatIndian } from '../../../engine/core/money';
import { registry } from '../../registry';

/** A note of a bill as a list row names it in `notes`, and getbill too. */
export interface NoteOfBill {
  billtype: string;
  billno: number;
  fy?: string;
  printedno?: string;
  total: number;
}

/** "Credit Note CN/3: ₹1,180.00". */
export const noteLabel = (note: NoteOfBill) =>
  `${registry.byType(note.billtype)?.menuLabel ?? note.billtype} ${note.printedno ?? note.billno}: ₹${formatIndian(note.total)}`;

/** A list row's notes, when the server names any ("Credit Note CN/1: ₹2,950.00; Debit Note DN/1: ₹1,180.00"). */
export const rowNotesText = (row: Record<string, unknown>) =>
  Array.isArray(row.notes) && row.notes.length ? (row.notes as NoteOfBill[]).map(noteLabel).join('; ') : undefined;
