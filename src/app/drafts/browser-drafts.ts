import { createStore, del, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import type { DraftStore, SavedDraft } from '../../engine/react/contract';
import { tokenEmail } from '../auth/token-store';
import { lastMomentCopies, type StoredKey } from './last-moment-copies';

const DATABASE = 'alfa-billing';
const STORE = 'bill-drafts';

let store: UseStore | undefined;

/** Opened on first use, so a browser (or test environment) without IndexedDB only goes without drafts. */
function draftsStore(): UseStore {
  store ??= createStore(DATABASE, STORE);
  return store;
}

const inDatabase = async (key: StoredKey) => (await get<SavedDraft>(key, draftsStore())) ?? undefined;

const putInDatabase = async (key: StoredKey, draft: SavedDraft) => set(key, draft, draftsStore());

const operatorOfKey = (key: IDBValidKey): string | undefined =>
  Array.isArray(key) && typeof key[0] === 'string' ? key[0] : undefined;

/**
 * Unsaved bills in this browser's IndexedDB (idb-keyval): written off the keystroke path by the editor's
 * draft hook, they survive a reload, a closed tab and a crash. What was typed as the page went away is also
 * kept synchronously (`keepNow`, a last-moment copy) and the newer of the two copies is the draft. Each belongs
 * to the operator signed in when it was written (the token's e-mail, read at every call): another operator's
 * screens never find it, and with nobody signed in nothing is read or written.
 */
export const browserDrafts: DraftStore = {
  async load(key) {
    const operator = tokenEmail();
    if (!operator) return undefined;
    const stored: StoredKey = [operator, key];
    const lastMoment = lastMomentCopies.read(stored);
    const kept = lastMoment ? await inDatabase(stored).catch(() => undefined) : await inDatabase(stored);
    if (!lastMoment) return kept;
    if (kept && kept.savedAt >= lastMoment.savedAt) {
      lastMomentCopies.remove(stored, lastMoment);
      return kept;
    }
    // Merged into IndexedDB; kept here too should that write fail.
    await putInDatabase(stored, lastMoment).then(
      () => lastMomentCopies.remove(stored, lastMoment),
      () => undefined,
    );
    return lastMoment;
  },
  async save(key, draft) {
    const operator = tokenEmail();
    if (!operator) return;
    await set([operator, key] satisfies StoredKey, draft, draftsStore());
    // IndexedDB now holds this draft: a last-moment copy of it (or of earlier typing) has done its work.
    lastMomentCopies.remove([operator, key], draft);
  },
  keepNow(key, draft) {
    const operator = tokenEmail();
    if (operator) lastMomentCopies.keep([operator, key], draft);
  },
  async clear(key) {
    const operator = tokenEmail();
    if (!operator) return;
    lastMomentCopies.remove([operator, key]);
    await del([operator, key] satisfies StoredKey, draftsStore());
  },
};

/** The screens (stored keys) holding a draft in either copy. */
async function storedKeys(): Promise<IDBValidKey[]> {
  const inDatabase = await keys(draftsStore());
  const named = new Set(inDatabase.map((key) => JSON.stringify(key)));
  return [...inDatabase, ...lastMomentCopies.keys().filter((key) => !named.has(JSON.stringify(key)))];
}

/** How many unsaved bills this browser keeps for `operator`. */
export async function draftCount(operator: string): Promise<number> {
  return (await storedKeys()).filter((key) => operatorOfKey(key) === operator).length;
}

async function removeDraftsWhere(remove: (operator: string | undefined) => boolean): Promise<void> {
  for (const key of lastMomentCopies.keys()) if (remove(key[0])) lastMomentCopies.remove(key);
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

/** One unsaved bill kept for the operator: its screen's draft key (useDraft's draftKey) and what was typed. */
export interface KeptDraft {
  key: string;
  draft: SavedDraft;
}

/** Every unsaved bill this browser keeps for the signed-in operator, newest first (the Today screen's "Drafts to finish"). */
export async function keptDrafts(): Promise<KeptDraft[]> {
  const operator = tokenEmail();
  if (!operator) return [];
  const screens = (await storedKeys()).filter((key) => operatorOfKey(key) === operator).map((key) => String((key as StoredKey)[1]));
  const kept = await Promise.all(screens.map(async (key) => ({ key, draft: await browserDrafts.load(key) })));
  return kept.filter((entry): entry is KeptDraft => entry.draft !== undefined).sort((a, b) => b.draft.savedAt - a.draft.savedAt);
}
