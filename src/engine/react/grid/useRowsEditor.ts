import { useLayoutEffect, useMemo, useRef } from 'react';
import { renumberRows, type Row } from '../../core/rows';
import type { ObjectSpec } from '../../core/registry/types';
import { checkMessage } from '../../core/field-checks';
import { EDITOR_TEXTS } from '../editor/texts';
import { messageOf } from '../errors';
import type { BillFormContext } from '../form-context';
import { GRID_LABELS } from './labels';
import { emptyRow, getIn, isRowFilled, rowAfterBlur, setIn, unsavedEntries, type RowPath } from '../../core/row-ops';

/** The edits a row grid makes; stable for the grid's lifetime, so memoized rows skip re-rendering. */
export interface RowsEditor {
  change(path: RowPath, name: string, value: string): void;
  blur(path: RowPath, spec: ObjectSpec, name: string): void;
  /** Appends an empty row to the list at `listPath` (spec 4 rules); resolves whether it did. */
  add(listPath: RowPath, spec: ObjectSpec): Promise<boolean>;
  /** Removes a row unless it is the first one (spec 4); returns the row it removed. */
  remove(listPath: RowPath, index: number): Row | undefined;
  /** Puts a removed row back at `index` (or last, when the list is shorter now); returns where it went. */
  restore(listPath: RowPath, index: number, row: Row): number;
}

/**
 * Edits on the grid's rows. Changes are applied to the latest rows at once (not to the last render),
 * so a blur followed by a click in the same moment sees the blur's recomputed amount.
 */
export function useRowsEditor(spec: ObjectSpec, rows: Row[], emit: (rows: Row[]) => void, context: BillFormContext): RowsEditor {
  const current = useRef(rows);
  const latest = useRef({ emit, context });
  const adding = useRef(false);
  useLayoutEffect(() => {
    current.current = rows;
  }, [rows]);
  useLayoutEffect(() => {
    latest.current = { emit, context };
  });

  return useMemo(() => {
    const commit = (next: Row[], renumber: boolean) => {
      current.current = renumber ? renumberRows(spec, next) : next;
      latest.current.emit(current.current);
    };
    return {
      change(path, name, value) {
        commit(setIn(current.current, [...path, name], value), false);
      },
      blur(path, rowSpec, name) {
        const { catalogs, store } = latest.current.context;
        const row = getIn(current.current, path) as Row | undefined;
        if (!row) return;
        const next = rowAfterBlur(rowSpec, row, name, catalogs, store.find);
        if (next !== row) commit(setIn(current.current, path, next), false);
        // The field's own check (HSN digits, a GST rate, more than 0) as the operator leaves it.
        const { billType, toastError } = latest.current.context;
        const message = checkMessage(rowSpec.byName[name], next[name], Number(path[0]) + 1, billType.unitInfo);
        if (message) toastError(EDITOR_TEXTS.fieldCheckTitle, message);
      },
      async add(listPath, rowSpec) {
        if (adding.current) return false;
        const { catalogs, store, saveEntry, toastError } = latest.current.context;
        const list = (getIn(current.current, listPath) as Row[] | undefined) ?? [];
        const last = list[list.length - 1];
        if (last && !isRowFilled(rowSpec, last)) {
          toastError(GRID_LABELS.emptyTitle, GRID_LABELS.emptyMessage);
          return false;
        }
        adding.current = true;
        try {
          // Spec 4: the last product or service is saved before a row is added after it.
          for (const { catalog, entry } of last ? unsavedEntries(rowSpec, last, catalogs, store.find) : []) {
            await saveEntry(catalog, entry);
          }
        } catch (error) {
          toastError(messageOf(error));
          return false;
        } finally {
          adding.current = false;
        }
        const latestList = (getIn(current.current, listPath) as Row[] | undefined) ?? [];
        commit(setIn(current.current, listPath, [...latestList, emptyRow(rowSpec)]), true);
        return true;
      },
      remove(listPath, index) {
        const list = (getIn(current.current, listPath) as Row[] | undefined) ?? [];
        // Spec 4: there is always at least one row.
        if (list.length <= 1 || index <= 0 || index >= list.length) return undefined;
        commit(setIn(current.current, listPath, list.filter((_, i) => i !== index)), true);
        return list[index];
      },
      restore(listPath, index, row) {
        const list = (getIn(current.current, listPath) as Row[] | undefined) ?? [];
        const at = Math.min(Math.max(index, 1), list.length);
        commit(setIn(current.current, listPath, [...list.slice(0, at), row, ...list.slice(at)]), true);
        return at;
      },
    };
  }, [spec]);
}
