import { useLayoutEffect, useRef } from 'react';

/** A ref that always holds the latest committed value, so stable callbacks can read fresh props. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
