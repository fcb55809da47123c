import type { BillAction } from './useBillEditor';
import { EDITOR_TEXTS } from './texts';

export interface ActionBarProps {
  actions: BillAction[];
  /** The label of the action being sent, which shows "Generating PDF" meanwhile. */
  busyAction?: string;
  onRun(action: BillAction): void;
}

/** The screen's save buttons; while one is sending, it reads "Generating PDF" and all wait. */
export function ActionBar({ actions, busyAction, onRun }: ActionBarProps) {
  return (
    <div className="bill-actions">
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
