import type { ReactNode } from 'react';
import type { BillAction } from './useBillEditor';
import { EDITOR_TEXTS } from './texts';

export interface ActionBarProps {
  actions: BillAction[];
  /** The label of the action being sent, which shows "Generating PDF" meanwhile. */
  busyAction?: string;
  onRun(action: BillAction): void;
  /** Shown at the bar's start (the grand total). */
  summary?: ReactNode;
  /** Issue 50: on an edit screen, starts a new bill of the type from this one (a new number and today's date). */
  onCopy?(): void;
}

/**
 * The screen's save buttons, docked at the bottom of the window in a bar of their own (the page keeps
 * room for it, so it never covers an input); while one is sending, it reads "Generating PDF" and all wait.
 */
export function ActionBar({ actions, busyAction, onRun, summary, onCopy }: ActionBarProps) {
  return (
    <div className="bill-actions">
      {summary}
      <span className="bill-actions__spacer" />
      {onCopy && (
        <button type="button" className="bill-button bill-button--quiet" disabled={busyAction !== undefined} onClick={onCopy}>
          {EDITOR_TEXTS.copyAsNew}
        </button>
      )}
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          className="bill-button bill-button--primary"
          disabled={busyAction !== undefined}
          aria-busy={busyAction === action.label}
          onClick={() => onRun(action)}
        >
          {busyAction === action.label ? EDITOR_TEXTS.generating : action.label}
        </button>
      ))}
      <span className="bill-visually-hidden" role="status">
        {busyAction ? EDITOR_TEXTS.generating : ''}
      </span>
    </div>
  );
}
