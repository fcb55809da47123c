/**
 * Which stories every bill type gets, and where they sit in the sidebar. Pure data, shared by the
 * story module (browser) and Storybook's indexer (Node), so both agree on every story of every type.
 */
export const BILL_TYPE_STORIES_ROOT = 'Bill types';

/** What the indexer needs to know of a bill type (the registry's BillType has it all). */
export interface IndexedBillType {
  type: string;
  menuLabel: string;
  convertsTo?: string;
  unitInfo: { menuLabel: string };
}

export type ScreenExport = 'Create' | 'Edit' | 'List' | 'Saved' | 'Convert';

export interface ScreenStory {
  exportName: ScreenExport;
  name: string;
}

export function billTypeStoriesTitle(billType: IndexedBillType): string {
  return `${BILL_TYPE_STORIES_ROOT}/${billType.unitInfo.menuLabel}/${billType.menuLabel}`;
}

/**
 * Create, edit and list screens and the type's own PDF Generated modal (its success text, Preview Bill where
 * it offers one) for every type; the convert modal for types that convert (x-bill.convertsTo).
 */
export function billTypeScreens(billType: IndexedBillType): ScreenStory[] {
  const screens: ScreenStory[] = [
    { exportName: 'Create', name: 'Create screen' },
    { exportName: 'Edit', name: 'Edit screen' },
    { exportName: 'List', name: 'List screen' },
    { exportName: 'Saved', name: 'PDF Generated' },
  ];
  if (billType.convertsTo !== undefined) screens.push({ exportName: 'Convert', name: 'Convert' });
  return screens;
}
