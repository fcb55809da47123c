import { DayInput } from '../ui/DayInput';
import type { StockEntryInputs } from './stock-entry';

interface StockEntryFieldsProps {
  /** The form's id prefix: each input's id adds its name. */
  id: string;
  value: StockEntryInputs;
  onChange(next: StockEntryInputs): void;
}

/**
 * Issue 48: the product master's stock fields. Keep stock opens the rest; Serial numbers (each piece its own, an
 * engine number) opens the opening pieces' numbers, one per line or comma separated.
 */
export function StockEntryFields({ id, value, onChange }: StockEntryFieldsProps) {
  const set = (change: Partial<StockEntryInputs>) => onChange({ ...value, ...change });
  return (
    <fieldset className="stock-entry profile__field--wide">
      <legend className="visually-hidden">Stock</legend>
      <label className="stock-entry__check">
        <input type="checkbox" checked={value.stocked} onChange={(event) => set({ stocked: event.target.checked })} />
        Keep stock
      </label>
      {value.stocked && (
        <div className="profile__fields">
          <div className="profile__field">
            <label htmlFor={`${id}-openingqty`}>Opening quantity</label>
            <input id={`${id}-openingqty`} inputMode="decimal" value={value.openingqty} onChange={(event) => set({ openingqty: event.target.value })} />
          </div>
          <div className="profile__field">
            <label htmlFor={`${id}-openingdate`}>Opening date</label>
            <DayInput id={`${id}-openingdate`} value={value.openingdate} onChange={(openingdate) => set({ openingdate })} />
          </div>
          <div className="profile__field">
            <label htmlFor={`${id}-reorderlevel`}>Reorder level</label>
            <input id={`${id}-reorderlevel`} inputMode="decimal" value={value.reorderlevel} onChange={(event) => set({ reorderlevel: event.target.value })} />
          </div>
          <label className="stock-entry__check">
            <input type="checkbox" checked={value.serialised} onChange={(event) => set({ serialised: event.target.checked })} />
            Serial numbers
          </label>
          {value.serialised && (
            <div className="profile__field profile__field--wide">
              <label htmlFor={`${id}-openingserials`}>Opening serial numbers (one per line or comma separated)</label>
              <textarea
                id={`${id}-openingserials`}
                rows={3}
                value={value.openingserials}
                onChange={(event) => set({ openingserials: event.target.value })}
              />
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}
