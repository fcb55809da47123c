import { useId } from 'react';
import { PAGE_SIZES } from './useBillList';

interface PaginationProps {
  pageIndex: number;
  pageCount: number;
  pageSize: number;
  total: number;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious(): void;
  onNext(): void;
  onPageSize(size: number): void;
}

const numberFormat = new Intl.NumberFormat('en-IN');

/** Previous / Next, where the operator is, and how many rows a page shows. */
export function Pagination(props: PaginationProps) {
  const sizeId = useId();
  const first = props.total === 0 ? 0 : props.pageIndex * props.pageSize + 1;
  const last = Math.min(props.total, (props.pageIndex + 1) * props.pageSize);
  return (
    <nav className="pagination" aria-label="Pages">
      <p className="pagination-status" aria-live="polite">
        {first}–{last} of {numberFormat.format(props.total)} · Page {props.pageIndex + 1} of {Math.max(1, props.pageCount)}
      </p>
      <div className="pagination-controls">
        <label htmlFor={sizeId}>Rows per page</label>
        <select id={sizeId} value={props.pageSize} onChange={(event) => props.onPageSize(Number(event.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <button type="button" className="button button--small" onClick={props.onPrevious} disabled={!props.canPrevious}>
          Previous
        </button>
        <button type="button" className="button button--small" onClick={props.onNext} disabled={!props.canNext}>
          Next
        </button>
      </div>
    </nav>
  );
}
