import { useLayoutEffect, useMemo, useRef } from 'react';
import { renumberRows, type Row } from '../../core/rows';
import type { ObjectSpec } from '../../core/registry/types';
import { checkMessage } from '../../core/field-checks';
import { EDITOR_TEXTS } from '../editor/texts';
import { messageOf } from '../errors';
import type { BillFormContext } from '../form-context';
import { GRID_LABELS } from './labels';
import { firstRemovableLine, isRemovableLine } from '../../core/line-removal';
import { emptyRow, getIn, isBlank, isRowFilled, renameEntry, rowAfterBlur, setIn, unsavedEntries, type RowPath } from '../../core/row-ops';
import { askAboutNearNames } from '../editor/near-names';

const inputKey = (path: RowPath, name: string) => JSON.stringify([...path, name]);
const sameText = (a: unknown, b: unknown) => String(a ?? '').trim().toLowerCase() === String(b ?? '').trim().toLowerCase();

/** The edits a row grid makes; stable for the grid's lifetime, so memoized rows skip re-rendering. */
export interface RowsEditor {
  /** A typed value; a line's picked serial numbers (issue 48) are a list. */
  change(path: RowPath, name: string, value: string | readonly string[]): void;
  blur(path: RowPath, spec: ObjectSpec, name: string): void;
  /** As blur, after a saved entry was chosen from the suggestions: it replaces the line's item (row-ops rowAfterBlur). */
  pick(path: RowPath, spec: ObjectSpec, name: string): void;
  /** Appends an empty row to the list at `listPath` (spec 4 rules); resolves whether it did. */
  add(listPath: RowPath, spec: ObjectSpec): Promise<boolean>;
  /** Whether the row at `index` of a list of `count` rows may be removed (core line-removal.ts). */
  canRemove(index: number, count: number): boolean;
  /** Removes a row when canRemove allows it (one always remains); returns the row it removed. */
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
  /** Each input's value before the operator began changing it, until it is left: what a pick replaces. */
  const before = useRef(new Map<string, unknown>());
  useLayoutEffect(() => {
    current.current = rows;
  }, [rows]);
  useLayoutEffect(() => {
    latest.current = { emit, context };
  });

  const firstRemovable = firstRemovableLine(context.billType);
  return useMemo(() => {
    const commit = (next: Row[], renumber: boolean) => {
      current.current = renumber ? renumberRows(spec, next) : next;
      latest.current.emit(current.current);
    };
    const leave = (path: RowPath, rowSpec: ObjectSpec, name: string, picked: boolean) => {
      const { catalogs, store } = latest.current.context;
      const key = inputKey(path, name);
      const was = before.current.get(key);
      before.current.delete(key);
      const row = getIn(current.current, path) as Row | undefined;
      if (!row) return;
      // Picked over another item (issue 50): the new one's HSN, rate and unit replace the old one's.
      const replacing = picked && !isBlank(was) && !sameText(was, row[name]);
      const next = rowAfterBlur(rowSpec, row, name, catalogs, store.find, replacing);
      if (next !== row) commit(setIn(current.current, path, next), false);
      // The field's own check (HSN digits, a GST rate, more than 0) as the operator leaves it.
      const { billType, toastError } = latest.current.context;
      const message = checkMessage(rowSpec.byName[name], next[name], Number(path[0]) + 1, billType.unitInfo);
      if (message) toastError(EDITOR_TEXTS.fieldCheckTitle, message);
    };
    return {
      change(path, name, value) {
        const key = inputKey(path, name);
        if (!before.current.has(key)) before.current.set(key, getIn(current.current, [...path, name]));
        commit(setIn(current.current, [...path, name], value), false);
      },
      blur(path, rowSpec, name) {
        leave(path, rowSpec, name, false);
      },
      pick(path, rowSpec, name) {
        leave(path, rowSpec, name, true);
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
          // Spec 4: the last product or service is saved before a row is added after it; a typo of a saved one
          // is asked about first (issue 50).
          const renames = last ? await askAboutNearNames(latest.current.context, store, unsavedEntries(rowSpec, last, catalogs, store.find)) : [];
          if (!renames) return false;
          const lastPath = [...listPath, list.length - 1];
          const named = renames.reduce((row, { catalog, from, to }) => renameEntry(rowSpec, row, catalog, from, to), last ?? {});
          if (last && named !== last) commit(setIn(current.current, lastPath, named), false);
          for (const { catalog, entry } of last ? unsavedEntries(rowSpec, named, catalogs, store.find) : []) {
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
      canRemove(index, count) {
        return isRemovableLine(firstRemovable, index, count);
      },
      remove(listPath, index) {
        const list = (getIn(current.current, listPath) as Row[] | undefined) ?? [];
        if (!isRemovableLine(firstRemovable, index, list.length)) return undefined;
        commit(setIn(current.current, listPath, list.filter((_, i) => i !== index)), true);
        return list[index];
      },
      restore(listPath, index, row) {
        const list = (getIn(current.current, listPath) as Row[] | undefined) ?? [];
        const at = Math.min(Math.max(index, firstRemovable), list.length);
        commit(setIn(current.current, listPath, [...list.slice(0, at), row, ...list.slice(at)]), true);
        return at;
      },
    };
  }, [spec, firstRemovable]);
}
