import { useCallback } from 'react';
import type { RowPath } from '../../core/row-ops';
import { GRID_LABELS } from './labels';
import type { RowKeys } from './useRowKeys';
import type { RowsEditor } from './useRowsEditor';

/**
 * Removing a row at once (Enter or a click on its remove button) and offering it back: the toast's Undo
 * (issue 30, for 5 s) puts exactly that row back in its place, once.
 */
export function useRemoveWithUndo(
  editor: RowsEditor,
  listPath: RowPath,
  rowKeys: Pick<RowKeys, 'removeKey' | 'insertKey'>,
  labelOf: (index: number) => string,
  offerUndo: ((message: string, undo: () => void) => void) | undefined,
) {
  const { removeKey, insertKey } = rowKeys;
  return useCallback(
    (index: number) => {
      const removed = editor.remove(listPath, index);
      if (!removed) return;
      removeKey(index);
      let undone = false;
      offerUndo?.(GRID_LABELS.removed(labelOf(index)), () => {
        if (undone) return;
        undone = true;
        insertKey(editor.restore(listPath, index, removed));
      });
    },
    [editor, listPath, removeKey, insertKey, labelOf, offerUndo],
  );
}
