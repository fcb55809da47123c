import '../styles/line-stock.css';
interface SerialChecklistProps {
  /** The group's accessible name ("Serial numbers, Sr. No. 1"). */
  label: string;
  /** The serial numbers to choose from (those in stock), in the server's order. */
  serials: readonly string[];
  picked: readonly string[];
  onChange(picked: string[]): void;
}

/**
 * Issue 48: the serial numbers of a serialised product to pick from (engine numbers in stock), one checkbox each;
 * a picked one no longer in the list (sold meanwhile) stays shown, so it is never dropped without the operator seeing.
 */
export function SerialChecklist({ label, serials, picked, onChange }: SerialChecklistProps) {
  const shown = [...serials, ...picked.filter((serial) => !serials.includes(serial))];
  const toggle = (serial: string, on: boolean) => onChange(on ? [...picked, serial] : picked.filter((each) => each !== serial));
  return (
    <fieldset className="serial-checklist" aria-label={label}>
      {shown.length === 0 && <span className="serial-checklist__none">No serial numbers in stock</span>}
      {shown.map((serial) => (
        <label key={serial} className="serial-checklist__item">
          <input type="checkbox" checked={picked.includes(serial)} onChange={(event) => toggle(serial, event.target.checked)} />
          {serial}
        </label>
      ))}
    </fieldset>
  );
}
