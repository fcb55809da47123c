import { useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { displayText } from './number-text';
import { filterOptions, type ComboboxOption, type ComboboxSource } from './combobox-options';

export type { ComboboxOption, ComboboxSource } from './combobox-options';

export interface ComboboxProps {
  id?: string;
  value: unknown;
  /** Every keystroke, as a text input would report it. */
  onChange(text: string): void;
  /** An option was picked (Enter or click): onChange(option.value) has run just before. */
  onPick?(option: ComboboxOption): void;
  onBlur?(): void;
  /** A fixed list of options, or `source` for one that changes (a store the list subscribes to while open). */
  options?: readonly ComboboxOption[];
  source?: ComboboxSource;
  ariaLabel?: string;
  disabled?: boolean;
  readOnly?: boolean;
  /** At most this many matches are listed (the operator types more to narrow them). */
  maxOptions?: number;
}

const NO_OPTIONS: readonly ComboboxOption[] = [];
const FIXED_SOURCE: ComboboxSource = { subscribe: () => () => {}, options: () => NO_OPTIONS };

/**
 * A text input with a list of suggestions (WAI-ARIA combobox with a listbox popup): typing filters the
 * options (any case, anywhere in the name), the first highlighted; ArrowDown/ArrowUp move, Enter or a click
 * picks, Escape closes.
 * Free text stays allowed: a name not in the list is simply typed. Nothing is subscribed or filtered
 * while the list is closed, so a grid of many rows pays nothing for it.
 */
export function Combobox(props: ComboboxProps) {
  const { value, onChange, onPick, onBlur, ariaLabel, disabled, readOnly } = props;
  const ownId = useId();
  const id = props.id ?? ownId;
  const listId = `${id}-listbox`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const text = displayText(value);
  // Subscribed and filtered only while open.
  const live = open && props.source ? props.source : FIXED_SOURCE;
  const fromSource = useSyncExternalStore(live.subscribe, live.options);
  const matches = open ? filterOptions(props.options ?? fromSource, text, props.maxOptions ?? 50) : NO_OPTIONS;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (option: ComboboxOption) => {
    onChange(option.value);
    onPick?.(option);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (disabled || readOnly) return;
    const count = matches.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : -1);
      } else if (count > 0) {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current + step + count) % count);
      }
    } else if (event.key === 'Enter' && open && active >= 0 && active < count) {
      // The Enter belongs to the list: it neither submits nor adds a row.
      event.preventDefault();
      event.stopPropagation();
      pick(matches[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      close();
    }
  };

  const activeId = open && active >= 0 && active < matches.length ? `${listId}-${active}` : undefined;
  return (
    <div className="bill-combobox">
      <input
        ref={input}
        id={id}
        className="bill-input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={activeId}
        aria-label={ariaLabel}
        autoComplete="off"
        value={text}
        disabled={disabled}
        readOnly={readOnly}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          // Issue 30: the first match is highlighted as the operator types, so the first letters and Enter pick
          // it (as in Tally and Vyapar); Tab leaves the text as typed, a new name.
          setActive(event.target.value.trim() === '' ? -1 : 0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
      />
      {open && (
<ComboboxList id={listId} anchor={input} matches={matches} active={active} onPick={pick} />
      )}
    </div>
  );
}

interface ComboboxListProps {
  id: string;
  anchor: React.RefObject<HTMLInputElement | null>;
  matches: readonly ComboboxOption[];
  active: number;
  onPick(option: ComboboxOption): void;
}

/** The open list, floating under (or above) the input. */
function ComboboxList({ id, anchor, matches, active, onPick }: ComboboxListProps) {
  const place = useFloatingPlace(anchor);

  useLayoutEffect(() => {
    document.getElementById(`${id}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, active]);

  if (matches.length === 0) return <ul id={id} role="listbox" className="bill-combobox__list" hidden />;
  return (
    <ul id={id} role="listbox" className="bill-combobox__list" style={place}>
      {matches.map((option, index) => (
        <li
          key={`${option.value}-${index}`}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className="bill-combobox__option"
          // The input keeps the focus, so picking does not first blur it.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(option)}
        >
          <span className="bill-combobox__label">{option.label ?? option.value}</span>
          {option.detail && <span className="bill-combobox__detail">{option.detail}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * Fixed coordinates next to the input, so a scrolling grid (overflow: auto) never clips the list; it
 * opens upwards when the space below is short, and follows the input while the page scrolls.
 */
function useFloatingPlace(anchor: React.RefObject<HTMLInputElement | null>): React.CSSProperties {
  const [place, setPlace] = useState<React.CSSProperties>({});
  useLayoutEffect(() => {
    const update = () => {
      const rect = anchor.current?.getBoundingClientRect();
      if (!rect) return;
      const below = window.innerHeight - rect.bottom;
      const upwards = below < 200 && rect.top > below;
      setPlace({
        left: rect.left,
        minWidth: rect.width,
        ...(upwards ? { bottom: window.innerHeight - rect.top, maxHeight: rect.top - 8 } : { top: rect.bottom, maxHeight: Math.max(below - 8, 120) }),
      });
    };
    update();
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [anchor]);
  return place;
}
