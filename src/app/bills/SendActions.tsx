import { useId, useRef, useState, type KeyboardEvent } from 'react';

interface SendActionsProps {
  onSend(): void;
  onShare(): void;
}

/**
 * A row's Send by e-mail and Share (issue 32) behind one Send button on a desktop row (issue 50: the list fits the
 * screen), opened with a click or Enter and closed with Escape, an action or a click elsewhere; on a phone's card
 * (list.css, below 900 px) the two are shown as they are, the Send button hidden.
 */
export function SendActions({ onSend, onShare }: SendActionsProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  };
  const act = (action: () => void) => () => {
    close(false);
    action();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close(true);
    }
  };

  return (
    <span
      className="list-send__menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="button button--small list-send__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        Send
      </button>
      <span id={id} className={open ? 'list-send__actions list-send__actions--open' : 'list-send__actions'}>
        {/* "E-mail" on the row keeps the list within the screen; its name is the action's. */}
        <button type="button" className="button button--small" aria-label="Send by e-mail" title="Send by e-mail" onClick={act(onSend)}>
          E-mail
        </button>
        <button type="button" className="button button--small" onClick={act(onShare)}>
          Share
        </button>
      </span>
    </span>
  );
}
