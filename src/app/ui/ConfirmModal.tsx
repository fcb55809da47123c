import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ModalImage, type ModalImageKind } from './ModalImage';

export interface ModalButton {
  label: string;
  onClick(): void;
  tone?: 'primary' | 'danger' | 'plain';
}

export interface ConfirmModalProps {
  image: ModalImageKind;
  title: string;
  description?: ReactNode;
  leftButton?: ModalButton;
  rightButton?: ModalButton;
  /** An overlay click or Escape. */
  onClose(): void;
  /** Room for content such as a PDF preview. */
  wide?: boolean;
  children?: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, iframe, object, [tabindex]:not([tabindex="-1"])';

function ModalButtonView({ button }: { button: ModalButton }) {
  return (
    <button type="button" className={`button button--${button.tone ?? 'plain'}`} onClick={button.onClick}>
      {button.label}
    </button>
  );
}

/**
 * The one modal of the app (spec 2): image, title, description, a left and a right button; a click
 * on the overlay closes it. Focus moves into the dialog, stays there, and returns when it closes.
 */
export function ConfirmModal({ image, title, description, leftButton, rightButton, onClose, wide, children }: ConfirmModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const buttons = dialogRef.current?.querySelectorAll<HTMLElement>('.modal-actions button');
    (buttons?.[buttons.length - 1] ?? dialogRef.current)?.focus();
    return () => previous?.focus?.();
  }, []);

  // Keys pressed since the dialog opened. A key held down from before (an Enter typed in the form as Ctrl+S
  // opened this) repeats into the dialog: its repeats must not answer it (issue 30).
  const ownKeys = useRef(new Set<string>());
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.repeat && !ownKeys.current.has(event.key)) event.preventDefault();
    else ownKeys.current.add(event.key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!focusable.length) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="modal-overlay"
      data-testid="modal-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={wide ? 'modal modal--wide' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDownCapture={onKeyDownCapture}
        onKeyDown={onKeyDown}
      >
        <ModalImage kind={image} />
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="modal-description">
            {description}
          </p>
        )}
        {children}
        <div className="modal-actions">
          {leftButton && <ModalButtonView button={leftButton} />}
          {rightButton && <ModalButtonView button={rightButton} />}
        </div>
      </div>
    </div>,
    document.body,
  );
}
