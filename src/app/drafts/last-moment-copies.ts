import type { SavedDraft } from '../../engine/react/contract';

/** A draft's key: the operator's e-mail, then the screen's key (`{unit}/{type}/{billno}`). */
export type StoredKey = [operator: string, screen: string];

const PREFIX = 'alfa-billing/draft ';

const itemName = (key: StoredKey) => PREFIX + JSON.stringify(key);

/**
 * localStorage, written synchronously. IndexedDB is where drafts live, but its writes finish later, and one
 * started as the page goes away (a reload, a closed tab) need not finish at all: the draft as the page was left
 * is copied here at that moment, and merged into IndexedDB on the next load. Storage may be full or switched off:
 * a draft is a safety net, so a failure here costs only that copy.
 */
export const lastMomentCopies = {
  keep(key: StoredKey, draft: SavedDraft): void {
    try {
      localStorage.setItem(itemName(key), JSON.stringify(draft));
    } catch {
      // Full or unavailable: the IndexedDB write already under way is all there is.
    }
  },

  read(key: StoredKey): SavedDraft | undefined {
    try {
      const text = localStorage.getItem(itemName(key));
      const draft: unknown = text === null ? undefined : JSON.parse(text);
      return isSavedDraft(draft) ? draft : undefined;
    } catch {
      return undefined;
    }
  },

  /** Removes the copy, or only one no newer than `upTo` (a later copy is of later typing). */
  remove(key: StoredKey, upTo?: SavedDraft): void {
    try {
      if (upTo !== undefined && (this.read(key)?.savedAt ?? 0) > upTo.savedAt) return;
      localStorage.removeItem(itemName(key));
    } catch {
      // Unavailable storage holds no copy to remove.
    }
  },

  keys(): StoredKey[] {
    const found: StoredKey[] = [];
    try {
      for (let index = 0; index < localStorage.length; index++) {
        const name = localStorage.key(index);
        const key = name?.startsWith(PREFIX) ? storedKeyFrom(name.slice(PREFIX.length)) : undefined;
        if (key) found.push(key);
      }
    } catch {
      // Unavailable storage holds no copies.
    }
    return found;
  },
};

function storedKeyFrom(text: string): StoredKey | undefined {
  try {
    const key: unknown = JSON.parse(text);
    return Array.isArray(key) && key.length === 2 && key.every((part) => typeof part === 'string') ? (key as StoredKey) : undefined;
  } catch {
    return undefined;
  }
}

function isSavedDraft(value: unknown): value is SavedDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<SavedDraft>;
  return typeof draft.savedAt === 'number' && typeof draft.data === 'object' && draft.data !== null;
}
