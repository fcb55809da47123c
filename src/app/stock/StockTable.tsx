import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';

export const stockFeatures = tableFeatures({});

/** A column of a stock table: its title (also the card's label on a phone) and its cell. */
export interface StockColumn<T> {
  id: string;
  header: string;
  cell(row: T): ReactNode;
  /** Figures align right. */
  figure?: boolean;
}

interface StockTableProps<T extends RowData> {
  caption: string;
  columns: ReadonlyArray<StockColumn<T>>;
  rows: readonly T[];
  rowId(row: T, index: number): string;
  className?: string;
  /** A row's own class (a low-stock product's). */
  rowClass?(row: T): string | undefined;
}

/** The stock screens' tables: TanStack Table's rows in the lists' card table (a card per row on a phone). */
export function StockTable<T extends RowData>({ caption, columns, rows, rowId, className, rowClass }: StockTableProps<T>) {
  const table = useTable({
    features: stockFeatures,
    columns: columns.map(
      (column): ColumnDef<typeof stockFeatures, T> => ({ id: column.id, header: column.header, accessorFn: (row) => row, cell: (info) => column.cell(info.row.original) }),
    ),
    data: rows as T[],
    getRowId: rowId,
  });
  return (
    <div className="table-scroll">
      <table className={`bill-table card-table ${className ?? ''}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={column.figure ? 'figure' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={rowClass?.(row.original)}>
              {row.getAllCells().map((cell, i) => (
                <td key={cell.id} className={`card-value${columns[i].figure ? ' figure' : ''}`} data-label={columns[i].header}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
