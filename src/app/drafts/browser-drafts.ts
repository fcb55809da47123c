import { createStore, del, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import type { DraftStore, SavedDraft } from '../../engine/react/contract';
import { tokenEmail } from '../auth/token-store';

const DATABASE = 'alfa-billing';
const STORE = 'bill-drafts';

let store: UseStore | undefined;

/** Opened on first use, so a browser (or test environment) without IndexedDB only goes without drafts. */
function draftsStore(): UseStore {
  store ??= createStore(DATABASE, STORE);
  return store;
}

/** A draft's key in the store: the operator's e-mail, then the screen's key (`{unit}/{type}/{billno}`). */
type StoredKey = [operator: string, screen: string];

const operatorOfKey = (key: IDBValidKey): string | undefined =>
  Array.isArray(key) && typeof key[0] === 'string' ? key[0] : undefined;

/**
 * Unsaved bills in this browser's IndexedDB (idb-keyval): written off the keystroke path by the editor's
 * draft hook, they survive a reload, a closed tab and a crash. Each belongs to the operator signed in when
 * it was written (the token's e-mail, read at every call): another operator's screens never find it, and
 * with nobody signed in nothing is read or written.
 */
export const browserDrafts: DraftStore = {
  async load(key) {
    const operator = tokenEmail();
    return operator ? ((await get<SavedDraft>([operator, key] satisfies StoredKey, draftsStore())) ?? undefined) : undefined;
  },
  async save(key, draft) {
    const operator = tokenEmail();
    if (operator) await set([operator, key] satisfies StoredKey, draft, draftsStore());
  },
  async clear(key) {
    const operator = tokenEmail();
    if (operator) await del([operator, key] satisfies StoredKey, draftsStore());
  },
};

/** How many unsaved bills this browser keeps for `operator`. */
export async function draftCount(operator: string): Promise<number> {
  return (await keys(draftsStore())).filter((key) => operatorOfKey(key) === operator).length;
}

async function removeDraftsWhere(remove: (operator: string | undefined) => boolean): Promise<void> {
  const gone = (await keys(draftsStore())).filter((key) => remove(operatorOfKey(key)));
  if (gone.length > 0) await delMany(gone, draftsStore());
}

/**
 * Removes every draft but those of `operator` (all of them when undefined): drafts are kept only for the
 * operator signed in (each sign-in removes every other operator's), so the next person at the same computer finds none.
 */
export const keepDraftsOnlyFor = (operator: string | undefined) =>
  removeDraftsWhere((owner) => operator === undefined || owner !== operator);

/** Removes every draft of `operator` (Logout, once the operator agreed). */
export const removeDraftsOf = (operator: string) => removeDraftsWhere((owner) => owner === operator);
