import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../api/ApiContext';
import type { SavedClient } from '../api/clients-api';
import { SEARCH_DELAY_MS, useDebounced } from '../bills/useBillList';
import { showErrorToast } from '../ui/toasts';

export interface ClientPage {
  clients: SavedClient[];
  total: number;
}

/**
 * One page of the saved clients, searched by any part of the name on the server (so 10,000 clients load a page,
 * not all). A new search starts at the first page; answers that arrive after a newer request are ignored.
 */
export function useClientList() {
  const { clients: api } = useApi();
  const [search, setSearchText] = useState('');
  const settledSearch = useDebounced(search, SEARCH_DELAY_MS);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSizeState] = useState(25);
  const [page, setPage] = useState<ClientPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading(true);
    api
      .list({ search: settledSearch, offset: pageIndex * pageSize, limit: pageSize })
      .then((answer) => {
        if (!current) return;
        // A delete can empty the last page: step back to the one that now holds the end of the list.
        if (answer.clients.length === 0 && pageIndex > 0) setPageIndex(Math.max(0, Math.ceil(answer.total / pageSize) - 1));
        else setPage(answer);
      })
      .catch((error: Error) => current && showErrorToast(error.message))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api, settledSearch, pageIndex, pageSize, generation]);

  const setSearch = useCallback((text: string) => {
    setSearchText(text);
    setPageIndex(0);
  }, []);
  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setPageIndex(0);
  }, []);
  /** Fetches the page again (after a save or a delete). */
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  return { search, settledSearch, setSearch, pageIndex, setPageIndex, pageSize, setPageSize, page, loading, reload };
}
