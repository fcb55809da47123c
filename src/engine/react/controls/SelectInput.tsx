import { useState } from 'react';
import type { SelectOption } from '../../core/registry/types';
import { displayText } from './number-text';

export interface SelectInputProps {
  id?: string;
  value: unknown;
  options: SelectOption[];
  onChange(value: string): void;
  onBlur?(): void;
  disabled?: boolean;
  ariaLabel?: string;
}

const PROMPT = 'Select';

/**
 * A select over x-options. Two options may submit the same value (Per: "pair" submits "per"), so the
 * options are told apart by position and the one the operator chose stays shown.
 */
export function SelectInput({ id, value, options, onChange, onBlur, disabled, ariaLabel }: SelectInputProps) {
  const text = displayText(value);
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = chosen !== null && options[chosen]?.value === text ? chosen : options.findIndex((o) => o.value === text);

  return (
    <select
      id={id}
      className="bill-input bill-select"
      value={selected === -1 ? '' : String(selected)}
      disabled={disabled}
      aria-label={ariaLabel}
      onBlur={onBlur}
      onChange={(event) => {
        const index = event.target.value === '' ? null : Number(event.target.value);
        setChosen(index);
        onChange(index === null ? '' : options[index].value);
      }}
    >
      <option value="">{PROMPT}</option>
      {options.map((option, index) => (
        <option key={index} value={String(index)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
