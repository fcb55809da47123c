import { nearEntry, type CatalogStore } from '../../core/catalog-store';
import type { PendingEntry } from '../../core/row-ops';
import type { BillUi } from '../contract';

const NEAR_TEXTS = {
  title: (saved: string) => `Did you mean ${saved}?`,
  description: (typed: string, saved: string, list: string) =>
    `"${typed}" is not in your saved ${list.toLowerCase()}; "${saved}" is. Use the saved one, or save "${typed}" as a new one?`,
  saveAsNew: 'Save as New',
  useSaved: (saved: string) => `Use ${saved}`,
};

/** A new name the operator chose to write as the saved entry it was a typo of. */
export interface EntryRename {
  catalog: string;
  from: string;
  to: string;
}

/**
 * Before new products or services are saved (with the bill, or before a line is added after theirs), asks about
 * each whose name is within two letters of a saved one (issue 50: the spec saves new names; it should not save
 * typos). Resolves with the names to write as the saved ones, or undefined when the operator dismissed a question
 * (nothing is saved then).
 */
export async function askAboutNearNames(ui: Pick<BillUi, 'ask'>, store: CatalogStore, pending: PendingEntry[]): Promise<EntryRename[] | undefined> {
  const renames: EntryRename[] = [];
  for (const { catalog, entry } of pending) {
    const near = nearEntry(store.entries(catalog.name), entry.name);
    if (!near) continue;
    const answer = await ui.ask({
      title: NEAR_TEXTS.title(near.name),
      description: NEAR_TEXTS.description(entry.name, near.name, catalog.title),
      // The saved name is the focused answer (the last): a stray Enter never saves the typo.
      choices: [
        { label: NEAR_TEXTS.saveAsNew, value: 'new' },
        { label: NEAR_TEXTS.useSaved(near.name), value: 'use', tone: 'primary' },
      ],
    });
    if (!answer) return undefined;
    if (answer.choice === 'use') renames.push({ catalog: catalog.name, from: entry.name, to: near.name });
  }
  return renames;
}
