import { createColumnHelper, rowPaginationFeature, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import type { BillListRow } from '../api/types';
import { displayDate } from './format-date';

export const listFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature });

export interface RowActions {
  editPath(billno: number): string;
  onView(row: BillListRow): void;
  onDelete(row: BillListRow): void;
}

const column = createColumnHelper<typeof listFeatures, BillListRow>();

/** Spec 2: Bill No., Date, Client Company Name, then the Edit, View and Delete buttons of each row. */
export function billColumns({ editPath, onView, onDelete }: RowActions) {
  return column.columns([
    column.accessor('billno', { header: 'Bill No.' }),
    column.accessor('date', { header: 'Date', cell: (info) => displayDate(info.getValue()) }),
    column.accessor('clientname', { header: 'Client Company Name' }),
    column.display({
      id: 'edit',
      header: 'Edit Bill',
      cell: ({ row }) => (
        <Link className="button button--small" to={editPath(row.original.billno)}>
          Edit
        </Link>
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
    column.display({
      id: 'delete',
      header: 'Delete Bill',
      cell: ({ row }) => (
        <button type="button" className="button button--small button--danger" onClick={() => onDelete(row.original)}>
          Delete
        </button>
      ),
    }),
  ]);
}
