import type { ReactElement } from 'react';
import type { FieldSpec } from '../../core/registry/types';
import { controlKind, type ControlKind } from '../testers';
import { Combobox, type ComboboxSource } from './Combobox';
import { DateInput } from './DateInput';
import { displayText } from './number-text';
import { NumberInput } from './NumberInput';
import { SelectInput } from './SelectInput';
import { useSelectOnFill } from './useSelectOnFill';

export interface FieldControlProps {
  field: FieldSpec;
  value: unknown;
  onChange(value: string): void;
  onBlur?(): void;
  /** A suggestion was picked from the field's list (the value is already changed): fill what follows from it. */
  onPick?(): void;
  id?: string;
  ariaLabel?: string;
  /** The suggestions of a field with a list (x-catalog): its saved entries. */
  suggestions?: ComboboxSource;
  readOnly?: boolean;
  disabled?: boolean;
}

type ControlProps = FieldControlProps & { readOnly: boolean; computed: boolean };

/**
 * The one place a field's input is chosen: header widgets and grid cells both render FieldControl, and
 * the tester in testers.ts names the control from the field's schema keywords.
 */
const CONTROLS: Record<ControlKind, (props: ControlProps) => ReactElement> = {
  rowNumber: TextControl,
  text: TextControl,
  autocomplete: (props) => (
    <Combobox {...common(props)} readOnly={props.readOnly} source={props.suggestions} onPick={props.onPick} />
  ),
  select: (props) => <SelectInput {...common(props)} disabled={props.disabled || props.readOnly} options={props.field.options!} />,
  number: (props) => (
    <NumberInput {...common(props)} readOnly={props.readOnly} computed={props.computed} bounds={boundsOf(props.field)} />
  ),
  date: (props) => <DateInput {...common(props)} readOnly={props.readOnly} />,
  textarea: (props) => (
    <textarea
      {...inputAttributes(props)}
      className="bill-input bill-textarea"
      rows={2}
      onChange={(event) => props.onChange(event.target.value)}
    />
  ),
};

export function FieldControl(props: FieldControlProps) {
  const computed = props.field.productOf !== undefined;
  const readOnly = Boolean(props.readOnly || props.field.readOnly) || computed;
  const kind = controlKind(props.field);
  // A text field given suggestions (the client name, from the saved clients) is a combobox too.
  const Control = CONTROLS[kind === 'text' && props.suggestions ? 'autocomplete' : kind];
  return <Control {...props} readOnly={readOnly} computed={computed} />;
}

function TextControl(props: ControlProps) {
  const { ref, typed, onFocus, onMouseUp } = useSelectOnFill<HTMLInputElement>(displayText(props.value));
  return (
    <input
      {...inputAttributes(props)}
      ref={ref}
      onFocus={onFocus}
      onMouseUp={onMouseUp}
      className="bill-input"
      type="text"
      onChange={(event) => {
        typed(event.target.value);
        props.onChange(event.target.value);
      }}
    />
  );
}

function common({ id, value, onChange, onBlur, disabled, ariaLabel }: ControlProps) {
  return { id, value, onChange, onBlur, disabled, ariaLabel };
}

function inputAttributes(props: ControlProps) {
  return {
    id: props.id,
    value: displayText(props.value),
    readOnly: props.readOnly,
    disabled: props.disabled,
    'aria-label': props.ariaLabel,
    // A computed value is read, not typed: Tab skips it.
    tabIndex: props.computed ? -1 : undefined,
    onBlur: props.onBlur,
  };
}

function boundsOf(field: FieldSpec) {
  const { minimum, maximum } = field.schema;
  return {
    minimum: typeof minimum === 'number' ? minimum : undefined,
    maximum: typeof maximum === 'number' ? maximum : undefined,
  };
}
