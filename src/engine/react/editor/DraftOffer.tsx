import type { SavedDraft } from '../contract';
import { EDITOR_TEXTS } from './texts';

const pad = (n: number) => String(n).padStart(2, '0');

/** "10:42" today, "21-11-2026 10:42" on another day (the app's DD-MM-YYYY dates). */
export function savedAtText(savedAt: number, now: Date = new Date()): string {
  const at = new Date(savedAt);
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  if (at.toDateString() === now.toDateString()) return time;
  return `${pad(at.getDate())}-${pad(at.getMonth() + 1)}-${at.getFullYear()} ${time}`;
}

export interface DraftOfferProps {
  draft: SavedDraft;
  onRestore(): void;
  onDiscard(): void;
}

/** The banner over the form when an unsaved bill was kept for this screen: restore it or discard it. */
export function DraftOffer({ draft, onRestore, onDiscard }: DraftOfferProps) {
  const texts = EDITOR_TEXTS.draft;
  return (
    <section className="bill-draft-offer" aria-label="Unsaved bill">
      <p>{texts.note}</p>
      <div className="bill-draft-offer__actions">
        <button type="button" className="bill-button bill-button--primary" onClick={onRestore}>
          {texts.restore(savedAtText(draft.savedAt))}
        </button>
        <button type="button" className="bill-button" onClick={onDiscard}>
          {texts.discard}
        </button>
      </div>
    </section>
  );
}
