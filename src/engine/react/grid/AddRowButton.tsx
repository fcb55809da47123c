/** The button under a list of rows that adds one ("Add More Product", "Add Servive"). */
export function AddRowButton({ label, onAdd }: { label: string; onAdd: () => void }) {
  return (
    <div className="bill-lines__actions">
      <button type="button" className="bill-button" onClick={onAdd}>
        {label}
      </button>
    </div>
  );
}
