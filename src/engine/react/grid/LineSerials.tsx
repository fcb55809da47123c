import { useEffect, useState } from 'react';
import { SerialChecklist } from '../controls/SerialChecklist';

interface LineSerialsProps {
  product: string;
  /** The line's accessible name ("Sr. No. 1"). */
  label: string;
  picked: readonly string[];
  serialsInStock(product: string): Promise<string[]>;
  onChange(picked: string[]): void;
}

/**
 * Issue 48: a serialised product's line picks its pieces (engine numbers) from those in stock. Folded under a
 * summary that counts what is picked, so a line stays one line high until the operator opens it.
 */
export function LineSerials({ product, label, picked, serialsInStock, onChange }: LineSerialsProps) {
  const [serials, setSerials] = useState<string[]>();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    let live = true;
    serialsInStock(product).then(
      (found) => live && setSerials(found),
      () => live && setSerials([]),
    );
    return () => {
      live = false;
    };
  }, [open, product, serialsInStock]);
  return (
    <details className="bill-line-serials" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Serial numbers{picked.length > 0 ? `: ${picked.join(', ')}` : ' (pick)'}</summary>
      {open && !serials ? (
        <span className="bill-line-serials__wait">Please Wait</span>
      ) : (
        <SerialChecklist label={`Serial numbers, ${label}`} serials={serials ?? []} picked={picked} onChange={onChange} />
      )}
    </details>
  );
}
