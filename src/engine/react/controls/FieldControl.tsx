import type { FieldSpec } from '../../core/registry/types';
import { controlKind } from '../testers';
import { AutocompleteInput } from './AutocompleteInput';
import { displayText } from './number-text';
import { NumberInput } from './NumberInput';
import { SelectInput } from './SelectInput';

export interface FieldControlProps {
  field: FieldSpec;
  value: unknown;
  onChange(value: string): void;
  onBlur?(): void;
  id?: string;
  ariaLabel?: string;
  /** The datalist id of each catalog the field may autocomplete from. */
  catalogListId?(catalog: string): string;
  readOnly?: boolean;
  disabled?: boolean;
}

/** The input of one field, chosen by its schema keywords (theme/testers.ts). */
export function FieldControl(props: FieldControlProps) {
  const { field, value, onChange, onBlur, id, ariaLabel, catalogListId, disabled } = props;
  const readOnly = props.readOnly || field.readOnly || field.productOf !== undefined;
  const common = { id, value, onChange, onBlur, disabled, ariaLabel };
  switch (controlKind(field)) {
    case 'autocomplete':
      return <AutocompleteInput {...common} listId={catalogListId?.(field.catalog!) ?? ''} />;
    case 'select':
      return <SelectInput {...common} options={field.options!} />;
    case 'number':
      return <NumberInput {...common} readOnly={readOnly} bounds={boundsOf(field)} />;
    case 'textarea':
      return (
        <textarea
          id={id}
          className="bill-input bill-textarea"
          rows={3}
          value={displayText(value)}
          readOnly={readOnly}
          disabled={disabled}
          aria-label={ariaLabel}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      );
    default:
      return (
        <input
          id={id}
          className="bill-input"
          type={controlKind(field) === 'date' ? 'date' : 'text'}
          value={displayText(value)}
          readOnly={readOnly}
          disabled={disabled}
          aria-label={ariaLabel}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      );
  }
}

function boundsOf(field: FieldSpec) {
  const { minimum, maximum } = field.schema;
  return {
    minimum: typeof minimum === 'number' ? minimum : undefined,
    maximum: typeof maximum === 'number' ? maximum : undefined,
  };
}
