import { useCallback, useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import { displayText, isAllowedKey, sanitizeNumberText, stepNumberText, stepSize, type StepBounds } from './number-text';
import { useHoldRepeat } from './useHoldRepeat';
import { useSelectOnFill } from './useSelectOnFill';

export interface NumberInputProps {
  id?: string;
  value: unknown;
  onChange(text: string): void;
  onBlur?(): void;
  readOnly?: boolean;
  disabled?: boolean;
  bounds?: StepBounds;
  /** A computed value (Amount = QTY x Rate): shown, never typed, and skipped by Tab. */
  computed?: boolean;
  /** The accessible name when no <label> points at the input (grid cells). */
  ariaLabel?: string;
}

/**
 * A decimal text input (spec 5 and 9): refuses characters other than digits, e, +, - and '.';
 * ArrowUp/ArrowDown (with or without Alt) step 1 (0.1 with Ctrl/Cmd, 10 with Shift); the stepper buttons
 * repeat while held. In a grid's line plain Up/Down move between lines instead (grid-keys.ts), Alt+Up/Down step.
 * It stays a text input so typed text ("2.", "1e") is kept as typed and money never passes through a float.
 */
export function NumberInput({ id, value, onChange, onBlur, readOnly, disabled, bounds = {}, ariaLabel, computed }: NumberInputProps) {
  const text = displayText(value);
  // Steps repeat faster than the value comes back through the form, so each step starts from the last one.
  const latest = useRef(text);
  latest.current = text;
  const { ref, typed, onFocus, onMouseUp } = useSelectOnFill(text);
  const report = useCallback(
    (next: string) => {
      typed(next);
      onChange(next);
    },
    [typed, onChange],
  );

  const step = useCallback(
    (direction: 1 | -1, modifiers: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }) => {
      const next = stepNumberText(latest.current, stepSize(modifiers), direction, bounds);
      latest.current = next;
      report(next);
    },
    [bounds, report],
  );
  const up = useHoldRepeat((modifiers) => step(1, modifiers));
  const down = useHoldRepeat((modifiers) => step(-1, modifiers));
  const editable = !readOnly && !disabled;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isAllowedKey(event)) {
      event.preventDefault();
    } else if (editable && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      step(event.key === 'ArrowUp' ? 1 : -1, event);
    }
  };

  return (
    <span className="bill-number">
      <input
        ref={ref}
        id={id}
        className="bill-input bill-number__input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        readOnly={readOnly}
        disabled={disabled}
        tabIndex={computed ? -1 : undefined}
        aria-label={ariaLabel}
        onKeyDown={onKeyDown}
        onChange={(event: ChangeEvent<HTMLInputElement>) => report(sanitizeNumberText(event.target.value))}
        onBlur={onBlur}
        onFocus={onFocus}
        onMouseUp={onMouseUp}
      />
      {editable && (
        // Mouse and touch conveniences: keyboard and screen-reader users step with the arrow keys.
        <span className="bill-number__steps" aria-hidden="true">
          <button type="button" tabIndex={-1} className="bill-number__step" data-step="up" {...up}>
            +
          </button>
          <button type="button" tabIndex={-1} className="bill-number__step" data-step="down" {...down}>
            −
          </button>
        </span>
      )}
    </span>
  );
}
