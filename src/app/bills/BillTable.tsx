import { useTable, type PaginationState, type SortingState, type Updater } from '@tanstack/react-table';
import { useMemo, useRef, type RefObject } from 'react';
import { BILL_YEAR_KEY, type BillType } from '../../engine/core';
import type { BillListPage, BillListRow } from '../api/types';
import { billColumns, listFeatures, type RowActions } from './bill-columns';
import { Pagination } from './Pagination';

interface BillTableProps {
  billType: BillType;
  caption: string;
  page: BillListPage | null;
  loading: boolean;
  sorting: SortingState;
  onSortingChange(updater: Updater<SortingState>): void;
  pagination: PaginationState;
  onPaginationChange(updater: Updater<PaginationState>): void;
  actions: RowActions;
}

const NO_ROWS: BillListRow[] = [];

/**
 * The row actions as the columns hold them: each one calls the latest actions given. TanStack renders a cell
 * function as a component type, so new columns would mount every cell again, and the marks of sends arriving,
 * or polled while one is under way, would close a row's open Send menu under the operator's click. The columns
 * are built again only when which actions there are changes.
 */
function steadyActions(latest: RefObject<RowActions>, present: RowActions): RowActions {
  const steady: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(present)) {
    if (typeof value !== 'function') continue;
    steady[key] = (row: BillListRow) => (latest.current[key as keyof RowActions] as (row: BillListRow) => unknown)(row);
  }
  if (present.selection) {
    steady.selection = {
      isSelected: (row: BillListRow) => latest.current.selection?.isSelected(row) ?? false,
      toggle: (row: BillListRow) => latest.current.selection?.toggle(row),
    };
  }
  return steady as unknown as RowActions;
}

/** Which actions a row offers, as one key: the columns change only when it does. */
function actionsShape(actions: RowActions): string {
  return Object.entries(actions)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key)
    .sort()
    .join();
}

function ariaSort(sorted: false | 'asc' | 'desc') {
  if (!sorted) return undefined;
  return sorted === 'asc' ? 'ascending' : 'descending';
}

/** A column's title where it is plain text (every list column's is): the card's label and the sort's option. */
function headerText(header: unknown): string {
  return typeof header === 'string' ? header : '';
}

/** The list of one bill type: the server sorts and pages (manual mode), the table renders. */
export function BillTable({ billType, caption, page, loading, sorting, onSortingChange, pagination, onPaginationChange, actions }: BillTableProps) {
  const latest = useRef(actions);
  latest.current = actions;
  const shape = actionsShape(actions);
  // The shape stands for the actions: their calls read `latest`.
  const columns = useMemo(() => billColumns(billType, steadyActions(latest, actions)), [billType, shape]);
  const table = useTable({
    features: listFeatures,
    columns,
    data: page?.rows ?? NO_ROWS,
    // A list of every year may hold one number twice (a series that restarts every 1 April).
    getRowId: (row) => `${String(row[BILL_YEAR_KEY] ?? '')}/${row.billno}`,
    state: { sorting, pagination },
    onSortingChange,
    onPaginationChange,
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    rowCount: page?.total ?? 0,
  });

  const sortable = table.getAllLeafColumns().filter((column) => column.getCanSort());
  const [sorted] = sorting;
  return (
    <>
      {/* Below 900 px the rows are cards without a header row (list.css): the sort is chosen here instead. */}
      <label className="list-sort-phone">
        Sort by
        <select
          value={sorted ? `${sorted.id}:${sorted.desc ? 'desc' : 'asc'}` : ''}
          onChange={(event) => {
            const [id, direction] = event.target.value.split(':');
            onSortingChange([{ id, desc: direction === 'desc' }]);
          }}
        >
          {sortable.flatMap((column) =>
            (['desc', 'asc'] as const).map((direction) => (
              <option key={`${column.id}:${direction}`} value={`${column.id}:${direction}`}>
                {`${headerText(column.columnDef.header)}, ${direction === 'desc' ? 'descending' : 'ascending'}`}
              </option>
            )),
          )}
        </select>
      </label>
      <div className="table-scroll">
        <table className="bill-table card-table" aria-busy={loading}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th key={header.id} scope="col" aria-sort={ariaSort(sorted)} className={`col-${header.column.id}`}>
                      {header.column.getCanSort() ? (
                        <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                          <table.FlexRender header={header} />
                          <span className={`sort-mark sort-mark--${sorted || 'none'}`} aria-hidden="true" />
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`col-${cell.column.id} ${cell.column.accessorFn ? 'card-value' : 'card-actions'}`}
                    data-label={headerText(cell.column.columnDef.header)}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        pageIndex={pagination.pageIndex}
        pageCount={table.getPageCount()}
        pageSize={pagination.pageSize}
        total={page?.total ?? 0}
        canPrevious={table.getCanPreviousPage()}
        canNext={table.getCanNextPage()}
        onPrevious={table.previousPage}
        onNext={table.nextPage}
        onPageSize={(size) => onPaginationChange({ pageIndex: 0, pageSize: size })}
      />
    </>
  );
}
