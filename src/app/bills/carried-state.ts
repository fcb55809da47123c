import type { NavigateOptions } from 'react-router-dom';
import type { Row } from '../../engine/core';

/** What another screen carries to a create screen (a bill typed for another type, a copy), kept in the location's state. */
export interface CarriedState {
  initialData?: Row;
}

/** The navigation options that open a create screen starting from `initialData` (EditorPage reads them). */
export function carrying(initialData: Row): NavigateOptions {
  return { state: { initialData } satisfies CarriedState };
}
