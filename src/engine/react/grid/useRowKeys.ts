import { useCallback, useRef } from 'react';

/**
 * Stable React keys for rows that carry no id of their own (the payload must hold only schema fields).
 * Keys follow the rows' count; a removal drops the removed row's key (before the
 * form re-renders) so the rows after it keep theirs.
 */
export function useRowKeys(count: number) {
  const nextKey = useRef(0);
  const keys = useRef<number[]>([]);
  while (keys.current.length < count) keys.current.push(nextKey.current++);
  if (keys.current.length > count) keys.current.length = count;
  const removeKey = useCallback((index: number) => {
    keys.current.splice(index, 1);
  }, []);
  return { keys: keys.current, removeKey };
}
