import { useState } from 'react';
import { dateInputText, isoToIndian, typedDateText, typedDateToIso } from '../../core/typed-date';
import { displayText } from './number-text';

export interface DateInputProps {
  id?: string;
  value: unknown;
  /** The ISO date once the typed text is a whole, real date; the typed text otherwise (the save check names it). */
  onChange(value: string): void;
  onBlur?(): void;
  readOnly?: boolean;
  disabled?: boolean;
  required?: boolean;
  ariaLabel?: string;
  /** The input's classes: the bill form's own unless a screen outside the form styles it. */
  className?: string;
}

/**
 * A date typed in Indian order in every browser and locale: 31122026, 31-12-2026, 31/12/26, 31.12.2026, or
 * ISO 2026-12-31 (core typed-date.ts reads them all), shown as DD-MM-YYYY once left. The browser's own date input follows the operating system's locale (MM/DD/YYYY on many
 * machines), which is how wrong dates get printed on bills.
 */
export function DateInput({ id, value, onChange, onBlur, readOnly, disabled, required, ariaLabel, className = 'bill-input bill-date' }: DateInputProps) {
  const stored = displayText(value);
  // What the operator is typing, kept until it is a whole date (the form stores the ISO date).
  const [draft, setDraft] = useState<string>();
  const shown = draft !== undefined && (typedDateToIso(draft) ?? typedDateText(draft)) === stored ? draft : isoToIndian(stored);

  return (
    <input
      id={id}
      className={className}
      type="text"
      inputMode="numeric"
      placeholder="DD-MM-YYYY"
      autoComplete="off"
      maxLength={10}
      value={shown}
      readOnly={readOnly}
      disabled={disabled}
      required={required}
      aria-label={ariaLabel}
      onChange={(event) => {
        const text = dateInputText(event.target.value);
        setDraft(text);
        onChange(typedDateToIso(text) ?? typedDateText(text));
      }}
      onBlur={() => {
        setDraft(undefined);
        onBlur?.();
      }}
    />
  );
}
