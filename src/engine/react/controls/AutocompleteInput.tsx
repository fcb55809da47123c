import { displayText } from './number-text';

export interface AutocompleteInputProps {
  id?: string;
  value: unknown;
  /** The id of the <datalist> holding the saved entries (one per catalog, rendered once by the grid or widget). */
  listId: string;
  onChange(value: string): void;
  onBlur?(): void;
  disabled?: boolean;
  ariaLabel?: string;
}

/**
 * A text input that suggests the saved products or services. It uses the browser's own datalist
 * popup: keyboard, touch and screen readers already know it, and one list serves every row.
 */
export function AutocompleteInput({ id, value, listId, onChange, onBlur, disabled, ariaLabel }: AutocompleteInputProps) {
  return (
    <input
      id={id}
      className="bill-input"
      type="text"
      list={listId}
      autoComplete="off"
      value={displayText(value)}
      disabled={disabled}
      aria-label={ariaLabel}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}

export interface CatalogListProps {
  id: string;
  names: string[];
}

/** The suggestions of one catalog (a name saved twice is offered once). */
export function CatalogList({ id, names }: CatalogListProps) {
  return (
    <datalist id={id}>
      {[...new Set(names)].map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}
