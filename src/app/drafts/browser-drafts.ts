import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { DraftStore, SavedDraft } from '../../engine/react/contract';

const DATABASE = 'alfa-billing';
const STORE = 'bill-drafts';

let store: UseStore | undefined;

/** Opened on first use, so a browser (or test environment) without IndexedDB only goes without drafts. */
function draftsStore(): UseStore {
  store ??= createStore(DATABASE, STORE);
  return store;
}

/**
 * Unsaved bills in this browser's IndexedDB (idb-keyval): written off the keystroke path by the editor's
 * draft hook, they survive a reload, a closed tab and a crash.
 */
export const browserDrafts: DraftStore = {
  load: async (key) => (await get<SavedDraft>(key, draftsStore())) ?? undefined,
  save: async (key, draft) => set(key, draft, draftsStore()),
  clear: async (key) => del(key, draftsStore()),
};
