import type { PaginationState, SortingState, Updater } from '@tanstack/react-table';
import { useCallback, useEffect, useState } from 'react';
import type { BillTypeEntry } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import type { BillListPage, BillListQuery, BillListRow } from '../api/types';
import { showErrorToast } from '../ui/toasts';
import { currentYearLabel } from './financial-years';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const SEARCH_DELAY_MS = 250;
const NEWEST_FIRST: SortingState = [{ id: 'billno', desc: true }];

export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export interface DateRange {
  from: string;
  to: string;
}

interface ListFilters {
  search: string;
  range: DateRange;
  fy: string;
  cancelled: boolean;
  unpaid: boolean;
}

function toQuery(sorting: SortingState, pagination: PaginationState, { search, range, fy, cancelled, unpaid }: ListFilters): BillListQuery {
  const sort = sorting[0] ?? NEWEST_FIRST[0];
  return {
    ...range,
    fy,
    page: pagination.pageIndex + 1,
    pageSize: pagination.pageSize,
    search,
    sort: sort.id,
    order: sort.desc ? 'desc' : 'asc',
    ...(cancelled && { cancelled }),
    ...(unpaid && { unpaid }),
  };
}

/**
 * One page of a bill type's list, fetched from the server with its sort, search and page, so a type
 * with 100,000 bills loads no more than a page. Answers that arrive after a newer request are ignored.
 */
export function useBillList(billType: BillTypeEntry) {
  const api = useApi();
  const [sorting, setSortingState] = useState<SortingState>(NEWEST_FIRST);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 25 });
  const [search, setSearchText] = useState('');
  const [range, setRangeState] = useState<DateRange>({ from: '', to: '' });
  // One financial year at a time (issue 27), this one first; '' lists every year.
  const [year, setYearState] = useState(currentYearLabel);
  const [showCancelled, setShowCancelled] = useState(false);
  const [onlyUnpaid, setOnlyUnpaid] = useState(false);
  const settledSearch = useDebounced(search, SEARCH_DELAY_MS);
  const [page, setPage] = useState<BillListPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading(true);
    api
      .listBills(billType, toQuery(sorting, pagination, { search: settledSearch, range, fy: year, cancelled: showCancelled, unpaid: onlyUnpaid }))
      .then((answer) => {
        if (!current) return;
        setPage(answer);
        // After a delete emptied the last page, show the page that is now last.
        const lastIndex = Math.max(0, Math.ceil(answer.total / pagination.pageSize) - 1);
        if (pagination.pageIndex > lastIndex) setPagination({ ...pagination, pageIndex: lastIndex });
      })
      .catch((error: Error) => current && showErrorToast(error.message))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api, billType, sorting, pagination, settledSearch, range, year, showCancelled, onlyUnpaid, generation]);

  const toFirstPage = useCallback(() => setPagination((previous) => ({ ...previous, pageIndex: 0 })), []);

  /** A new order or a new search starts again from the first page. */
  const setSorting = useCallback(
    (updater: Updater<SortingState>) => {
      setSortingState(updater);
      toFirstPage();
    },
    [toFirstPage],
  );

  const setSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      toFirstPage();
    },
    [toFirstPage],
  );

  /** A date range (issue 18) starts again from the first page too. */
  const setRange = useCallback(
    (next: DateRange) => {
      setRangeState(next);
      toFirstPage();
    },
    [toFirstPage],
  );

  const setYear = useCallback(
    (next: string) => {
      setYearState(next);
      toFirstPage();
    },
    [toFirstPage],
  );

  /** Takes a deleted bill off the screen at once, then refetches so the page fills up again. */
  const removeRow = useCallback((removed: BillListRow) => {
    setPage((previous) =>
      previous && { rows: previous.rows.filter((row) => row !== removed), total: Math.max(0, previous.total - 1) },
    );
    setGeneration((n) => n + 1);
  }, []);

  return {
    page,
    loading,
    sorting,
    setSorting,
    pagination,
    setPagination,
    search,
    settledSearch,
    setSearch,
    range,
    setRange,
    year,
    setYear,
    showCancelled,
    setShowCancelled,
    onlyUnpaid,
    setOnlyUnpaid,
    removeRow,
    refetch: useCallback(() => setGeneration((n) => n + 1), []),
  };
}
