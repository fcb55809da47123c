import { useCallback, useEffect, useRef, useState } from 'react';
import type { Row } from '../../core/rows';
import type { DraftStore, SavedDraft } from '../contract';

/** Written once typing pauses this long, and at least this often while it goes on. */
const QUIET_MS = 500;
const MAX_WAIT_MS = 4000;

/**
 * The screen's unsaved state kept in the browser as the operator types (issue 14), and the draft found
 * there when the screen opens, offered back until the operator restores or discards it. Each change only
 * notes the data and (re)arms a timer: the comparison with the loaded bill and the write happen once typing
 * pauses, so keystrokes stay as fast as without drafts.
 */
export function useDraft(drafts: DraftStore | undefined, key: string) {
  const [offer, setOffer] = useState<SavedDraft>();
  /** JSON of the bill as loaded or last saved: equal data is not a change. */
  const baseline = useRef('');
  const pending = useRef<Row | undefined>(undefined);
  const pendingSince = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dirty = useRef(false);
  /** While a found draft is on offer, it is kept as it is: typing does not write over it unasked. */
  const offering = useRef(false);
  const lookup = useRef(0);
  /** The draft last given to the store, until its (asynchronous) write is known to have finished. */
  const unconfirmed = useRef<SavedDraft | undefined>(undefined);
  const lastSavedAt = useRef(0);

  /** Compares and writes the pending data now; answers whether the form holds unsaved changes. */
  const flush = useCallback((): boolean => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const data = pending.current;
    pending.current = undefined;
    if (data === undefined) return dirty.current;
    dirty.current = JSON.stringify(data) !== baseline.current;
    if (drafts && !offering.current) {
      // Strictly increasing, so of two copies of this screen's drafts the newer is always told apart.
      const savedAt = Math.max(Date.now(), lastSavedAt.current + 1);
      lastSavedAt.current = savedAt;
      const draft = dirty.current ? { data, savedAt } : undefined;
      unconfirmed.current = draft;
      const write = draft ? drafts.save(key, draft) : drafts.clear(key);
      // Drafts are a safety net: a full or unavailable store must not disturb the screen.
      write.then(
        () => {
          if (unconfirmed.current === draft) unconfirmed.current = undefined;
        },
        () => undefined,
      );
    }
    return dirty.current;
  }, [drafts, key]);

  /** The page may go away now: what its write has not yet confirmed is also kept synchronously. */
  const flushBeforeLeaving = useCallback(() => {
    flush();
    if (drafts?.keepNow && unconfirmed.current && !offering.current) drafts.keepNow(key, unconfirmed.current);
  }, [flush, drafts, key]);

  /** The form starts from `data`; `asLoaded` makes it the bill to compare with (a load or a save). */
  const begin = useCallback((data: Row, asLoaded: boolean) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    pending.current = undefined;
    unconfirmed.current = undefined;
    if (asLoaded) baseline.current = JSON.stringify(data);
    dirty.current = !asLoaded;
  }, []);

  /** Offers the draft kept for this screen, if there is one that differs from the bill as loaded. */
  const lookForDraft = useCallback(async () => {
    if (!drafts) return;
    const mine = ++lookup.current;
    const found = await drafts.load(key).catch(() => undefined);
    if (mine !== lookup.current || !found) return;
    if (JSON.stringify(found.data) === baseline.current) {
      await drafts.clear(key).catch(() => undefined);
      return;
    }
    offering.current = true;
    setOffer(found);
  }, [drafts, key]);

  const changed = useCallback(
    (data: Row) => {
      if (pending.current === undefined) pendingSince.current = Date.now();
      pending.current = data;
      clearTimeout(timer.current);
      const wait = Math.max(0, Math.min(QUIET_MS, pendingSince.current + MAX_WAIT_MS - Date.now()));
      timer.current = setTimeout(flush, wait);
    },
    [flush],
  );

  /** The bill was saved as `data`: nothing is unsaved, and the draft goes (unless one is still on offer). */
  const saved = useCallback(
    (data: Row) => {
      begin(data, true);
      if (drafts && !offering.current) drafts.clear(key).catch(() => undefined);
    },
    [begin, drafts, key],
  );

  const answerOffer = useCallback(
    (restore: boolean): Row | undefined => {
      const draft = offer;
      offering.current = false;
      unconfirmed.current = undefined;
      setOffer(undefined);
      if (!restore && drafts) drafts.clear(key).catch(() => undefined);
      return restore ? draft?.data : undefined;
    },
    [offer, drafts, key],
  );

  // Hiding, reloading or closing the tab: the last changes are kept now, not after the pause. Leaving the screen
  // within the app leaves the page running, so its write finishes.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flushBeforeLeaving();
    };
    window.addEventListener('pagehide', flushBeforeLeaving);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flushBeforeLeaving);
      document.removeEventListener('visibilitychange', onHide);
      lookup.current += 1;
      flush();
    };
  }, [flush, flushBeforeLeaving]);

  return { offer, begin, lookForDraft, changed, saved, flush, answerOffer };
}

/** The draft key of a screen: unit, bill type, and the bill number (`new` on the create screen). */
export function draftKey(unit: string, type: string, billno: number | undefined, fy?: string): string {
  return `${unit}/${type}/${billno ?? 'new'}${fy ? `/${fy}` : ''}`;
}

/** The screen a draft key names (draftKey read back); undefined for a key draftKey never makes. */
export function draftScreen(key: string): { unit: string; type: string; billno?: number; fy?: string } | undefined {
  const [unit, type, number, fy, ...more] = key.split('/');
  if (!unit || !type || !number || more.length > 0 || (number !== 'new' && !/^\d+$/.test(number))) return undefined;
  return { unit, type, ...(number !== 'new' && { billno: Number(number) }), ...(fy && { fy }) };
}
