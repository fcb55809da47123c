import { useState } from 'react';
// The control alone, not the engine's index: a list or report screen loads no bill editor for its dates.
import { DateInput } from '../../engine/react/controls/DateInput';
import { isIsoDay } from '../../engine/core/periods';

export interface DayInputProps {
  id?: string;
  /** The ISO day (yyyy-mm-dd), or '' for none. */
  value: string;
  /** Called with an ISO day once the typed text is a whole, real date, or '' when emptied. */
  onChange(value: string): void;
  className?: string;
  required?: boolean;
  disabled?: boolean;
  ariaLabel?: string;
}

/**
 * Every date of the app's own screens (list filters, payment date, statement period, receivables as of, reports),
 * shown and typed as DD-MM-YYYY whatever the browser's language (issue 50): the bill form's own date control. The
 * screen hears of whole dates only; a half-typed one is kept here until it is, and dropped when the field is left.
 */
export function DayInput({ id, value, onChange, className, required, disabled, ariaLabel }: DayInputProps) {
  const [typed, setTyped] = useState<string>();
  return (
    <span className={className ? `day-input ${className}` : 'day-input'}>
      <DateInput
        id={id}
        className="day-input__field"
        value={typed ?? value}
        disabled={disabled}
        ariaLabel={ariaLabel}
        required={required}
        onChange={(next) => {
          if (next === '' || isIsoDay(next)) {
            setTyped(undefined);
            onChange(next);
          } else {
            setTyped(next);
          }
        }}
        onBlur={() => setTyped(undefined)}
      />
    </span>
  );
}
