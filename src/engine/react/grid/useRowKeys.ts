import { useCallback, useRef } from 'react';

export interface RowKeys {
  keys: number[];
  removeKey(index: number): void;
  /** A row put back at `index` (an undone removal) gets a fresh key there. */
  insertKey(index: number): void;
}

/**
 * Stable React keys for rows that carry no id of their own (the payload must hold only schema fields).
 * Keys follow the rows' count; a removal drops the removed row's key (before the
 * form re-renders) so the rows after it keep theirs, and a row put back takes a new key in its place.
 */
export function useRowKeys(count: number): RowKeys {
  const nextKey = useRef(0);
  const keys = useRef<number[]>([]);
  while (keys.current.length < count) keys.current.push(nextKey.current++);
  if (keys.current.length > count) keys.current.length = count;
  const removeKey = useCallback((index: number) => {
    keys.current.splice(index, 1);
  }, []);
  const insertKey = useCallback((index: number) => {
    keys.current.splice(index, 0, nextKey.current++);
  }, []);
  return { keys: keys.current, removeKey, insertKey };
}
