import type { BillType } from './registry/types';

/**
 * The first line of a list that may be removed: 0 on a note, whose lines are copied from the bill it corrects
 * (any of them, the first included, may be left out of a return: issue 50), 1 elsewhere (spec 4: the first row's
 * Delete Field is disabled). Either way one line always remains.
 */
export const firstRemovableLine = (billType: BillType): number => (billType.note ? 0 : 1);

/** Whether the line at `index` of a list of `count` lines may be removed. */
export const isRemovableLine = (first: number, index: number, count: number): boolean => index >= first && index < count && count > 1;
