import { createColumnHelper, rowPaginationFeature, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import { formatIndian, GRAND_TOTAL_KEY, PRINTED_NUMBER_KEY, storedKey, type BillType, type FieldSpec } from '../../engine/core';
import { EDITOR_TEXTS } from '../../engine/react/editor/texts';
import type { BillListRow } from '../api/types';
import { registry } from '../registry';
import { displayDate } from './format-date';
import { SendActions } from './SendActions';
import { rowNotesText } from './notes/note-label';

export const listFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature });

export interface RowActions {
  editPath(row: BillListRow): string;
  onView(row: BillListRow): void;
  /** Without it (the role may not delete, issue 45) rows have no Delete. */
  onDelete?(row: BillListRow): void;
  /** Whether a row's bill may be deleted (a role that deletes only bills dated today); every row when absent. */
  deletable?(row: BillListRow): boolean;
  /** Brings a cancelled bill (a row marked `cancelled`) back; without it rows have no Restore. */
  onRestore?(row: BillListRow): void;
  /** Issue 50: starts a new bill of the type from the row's (a new number and today's date); absent for roles that may not create. */
  onCopy?(row: BillListRow): void;
  /** Issue 29: records a payment against a sales bill with a balance left (its row shows Record Payment). */
  onPay?(row: BillListRow): void;
  /** True for a bill of a month whose GSTR-1 is filed: it shows a lock (its edit screen is read-only). */
  locked?(row: BillListRow): boolean;
  /** Issue 32: the row's bill by e-mail, shared (WhatsApp), and how its latest e-mail went. */
  onSend?(row: BillListRow): void;
  onShare?(row: BillListRow): void;
  sendMark?(row: BillListRow): 'queued' | 'sent' | 'failed' | undefined;
  /** Issue 33: rows picked for one e-way bill or e-invoice file (types with portal files only). */
  selection?: { isSelected(row: BillListRow): boolean; toggle(row: BillListRow): void };
}

/** A checkbox per live bill, to export several at once; a cancelled bill has no file to give. */
function selectColumn({ isSelected, toggle }: NonNullable<RowActions['selection']>) {
  return column.display({
    id: 'select',
    // Named for screen readers only: the checkbox column stays narrow, so the row's actions keep their room.
    header: () => <span className="visually-hidden">Select</span>,
    cell: ({ row }) =>
      row.original.cancelled ? null : (
        <input
          type="checkbox"
          aria-label={`Select ${String(row.original[PRINTED_NUMBER_KEY] ?? row.original.billno)}`}
          checked={isSelected(row.original)}
          onChange={() => toggle(row.original)}
        />
      ),
  });
}

const SEND_MARKS = { queued: 'Sending', sent: 'Sent', failed: 'Send failed' } as const;

/** Send by e-mail and Share on a row, with the mark of its latest e-mail. */
function sendColumn({ onSend, onShare, sendMark }: RowActions) {
  return column.display({
    id: 'send',
    header: 'Send Bill',
    cell: ({ row }) => {
      if (row.original.cancelled) return null;
      const mark = sendMark?.(row.original);
      return (
        <span className="list-send">
          <SendActions onSend={() => onSend?.(row.original)} onShare={() => onShare?.(row.original)} />
          {mark && <span className={`list-send-mark list-send-mark--${mark}`}>{SEND_MARKS[mark]}</span>}
        </span>
      );
    },
  });
}

const column = createColumnHelper<typeof listFeatures, BillListRow>();

/** "Converted to Tax Invoice Bill No. 5" for a quotation the server says was converted (`convertedto`). */
function convertedNote(row: BillListRow): string | undefined {
  const to = row.convertedto as { billtype?: string; billno?: number } | undefined;
  const target = to?.billtype ? registry.byType(to.billtype) : undefined;
  return target && EDITOR_TEXTS.convertedTo(target.menuLabel, Number(to!.billno));
}

/** A row's value of a column: the bill number as printed (its series filled in, issue 27) where the row has it. */
function cellValue(row: BillListRow, field: FieldSpec): unknown {
  return field.role === 'billNumber' ? (row[PRINTED_NUMBER_KEY] ?? row.billno) : row[storedKey(field)];
}

/** A list column; the last one also carries the row's note (a quotation's conversion). */
function dataColumn(field: FieldSpec, withNote: boolean, locked: RowActions['locked']) {
  const format = field.widget === 'date' ? displayDate : String;
  return column.accessor((row) => cellValue(row, field), {
    id: storedKey(field),
    header: field.listColumn!.title,
    cell: (info) => {
      const text = format(String(info.getValue() ?? ''));
      if (field.role === 'billNumber' && info.row.original.cancelled) {
        return (
          <>
            {text} <span className="list-cancelled">CANCELLED</span>
          </>
        );
      }
      if (field.role === 'billNumber' && locked?.(info.row.original)) {
        return (
          <>
            {text}{' '}
            <span className="list-lock" role="img" aria-label="GSTR-1 filed: read-only" title="GSTR-1 filed: read-only">
              Filed
            </span>
          </>
        );
      }
      const note = withNote ? (convertedNote(info.row.original) ?? rowNotesText(info.row.original)) : undefined;
      if (!note) return text;
      return (
        <>
          {text}
          <span className="list-note">{note}</span>
        </>
      );
    },
  });
}

/** Issue 18: the bill's grand total in Indian grouping (the paged list rows carry it). */
const amountColumn = column.accessor((row) => row[GRAND_TOTAL_KEY], {
  id: GRAND_TOTAL_KEY,
  header: 'Amount',
  enableSorting: false,
  cell: (info) => {
    const value = info.getValue();
    return typeof value === 'number' ? `₹ ${formatIndian(value)}` : '';
  },
});

const STATUS_NAMES: Record<string, string> = { paid: 'Paid', partlypaid: 'Part paid', unpaid: 'Unpaid', overdue: 'Overdue', cancelled: 'Cancelled' };

const OWING = new Set(['unpaid', 'partlypaid', 'overdue']);

/** Issue 29: what is left to pay on a sales bill, with its status (the paged rows of sales types carry both). */
const balanceColumn = (onPay: RowActions['onPay']) => column.accessor((row) => row.balance, {
  id: 'balance',
  header: 'Balance',
  enableSorting: false,
  cell: (info) => {
    const value = info.getValue();
    const status = String(info.row.original.status ?? '');
    if (typeof value !== 'number') return '';
    return (
      <>
        ₹ {formatIndian(value)} <span className={`list-status list-status--${status}`}>{STATUS_NAMES[status] ?? status}</span>
        {onPay && OWING.has(status) && (
          <button type="button" className="button button--small list-pay" onClick={() => onPay(info.row.original)}>
            Record Payment
          </button>
        )}
      </>
    );
  },
});

/**
 * Spec 2: the type's list columns (Bill No., Date, Client Company Name), the Amount of priced types,
 * then Edit, View and Delete buttons.
 */
export function billColumns(billType: BillType, actions: RowActions) {
  const { editPath, onView, onDelete, onRestore, onPay, onCopy, locked, deletable } = actions;
  return column.columns([
    ...(actions.selection ? [selectColumn(actions.selection)] : []),
    ...billType.listColumns.map((field, index) => dataColumn(field, index === billType.listColumns.length - 1, locked)),
    ...(billType.priced ? [amountColumn] : []),
    ...(billType.countsAsSales ? [balanceColumn(onPay)] : []),
    column.display({
      id: 'edit',
      header: 'Edit Bill',
      cell: ({ row }) =>
        row.original.cancelled ? null : (
          <span className="row-actions">
            <Link className="button button--small" to={editPath(row.original)}>
              Edit
            </Link>
            {onCopy && (
              <button type="button" className="button button--small" aria-label={EDITOR_TEXTS.copyAsNew} onClick={() => onCopy(row.original)}>
                Copy
              </button>
            )}
          </span>
        ),
    }),
    column.display({
      id: 'view',
      header: 'View Bill',
      cell: ({ row }) => (
        <button type="button" className="button button--small" onClick={() => onView(row.original)}>
          View
        </button>
      ),
    }),
    ...(actions.onSend ? [sendColumn(actions)] : []),
    ...(onDelete || onRestore
      ? [
          column.display({
            id: 'delete',
            header: 'Delete Bill',
            cell: ({ row }) => {
              if (row.original.cancelled) {
                return onRestore ? (
                  <button type="button" className="button button--small" onClick={() => onRestore(row.original)}>
                    Restore
                  </button>
                ) : null;
              }
              return onDelete && (deletable?.(row.original) ?? true) ? (
                <button type="button" className="button button--small button--danger" onClick={() => onDelete(row.original)}>
                  Delete
                </button>
              ) : null;
            },
          }),
        ]
      : []),
  ]);
}
