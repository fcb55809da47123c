import toast, { type Toast } from 'react-hot-toast';

/** Spec 9: toasts stay 5 s. */
export const TOAST_DURATION_MS = 5000;

/** Spec 5 and 8: the title of a client-side check's toast. */
export const EMPTY_FIELD_TITLE = 'Empty field';

function ErrorToast({ t, title, message }: { t: Toast; title: string; message?: string }) {
  return (
    <div className="toast-body">
      <div>
        <strong className="toast-title">{title}</strong>
        {message && <p className="toast-message">{message}</p>}
      </div>
      <button type="button" className="toast-close" aria-label="Close" onClick={() => toast.dismiss(t.id)}>
        ×
      </button>
    </div>
  );
}

/** The error toasts on screen, by id, so a success can take back the failures it ends. */
const shownErrors = new Set<string>();

/**
 * An error toast at the top for 5 s, closable (spec 8). The same title and message replace each other
 * rather than stacking, so one failure reported by two layers shows once.
 */
export function showErrorToast(title: string, message?: string): void {
  const id = `error:${title}:${message ?? ''}`;
  shownErrors.add(id);
  toast.error((t) => <ErrorToast t={t} title={title} message={message} />, {
    id,
    position: 'top-center',
    duration: TOAST_DURATION_MS,
    ariaProps: { role: 'alert', 'aria-live': 'assertive' },
  });
}

/** Removes every error toast still showing: what they reported is over (a sign-in that now succeeded). */
export function clearErrorToasts(): void {
  for (const id of shownErrors) toast.remove(id);
  shownErrors.clear();
}

/** A success toast at the Toaster's default position (spec 9: bottom). */
export function showSuccessToast(message: string): void {
  toast.success(message, { duration: TOAST_DURATION_MS });
}

/** Issue 30: the Undo button of the toast after a line is removed. */
export const UNDO_LABEL = 'Undo';

/** What was just done (a line removed), with Undo for 5 s at the top: a click undoes it once and closes the toast. */
export function showUndoToast(message: string, undo: () => void): void {
  toast(
    (t) => (
      <div className="toast-body">
        <span className="toast-title">{message}</span>
        <button
          type="button"
          className="toast-undo"
          onClick={() => {
            toast.dismiss(t.id);
            undo();
          }}
        >
          {UNDO_LABEL}
        </button>
      </div>
    ),
    // At the top: at the bottom it would cover the docked Save bar.
    { position: 'top-center', duration: TOAST_DURATION_MS, ariaProps: { role: 'status', 'aria-live': 'polite' } },
  );
}
