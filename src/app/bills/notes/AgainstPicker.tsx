import { useState, type FormEvent } from 'react';
import type { RegistryIndex } from '../../../engine/core/registry/registry';
import type { BillTypeEntry } from '../../../engine/core/registry/types';
import { FINANCIAL_YEAR, type AgainstRef } from './note-start';

interface AgainstPickerProps {
  noteType: BillTypeEntry;
  registry: RegistryIndex;
  /** What the address names now, if anything (kept in the fields while it loads or after it failed). */
  chosen?: AgainstRef;
  failure?: string;
  onChoose(ref: AgainstRef): void;
}

/**
 * Which bill the note corrects, when its screen was opened from the Create menu: one of the types its
 * x-bill.note accepts, its number and (for a bill of another year) its financial year.
 */
export function AgainstPicker({ noteType, registry, chosen, failure, onChoose }: AgainstPickerProps) {
  const types = noteType.note!.against.map((type) => registry.byType(type)!).filter(Boolean);
  const [billtype, setBilltype] = useState(chosen?.billtype ?? types[0]?.type ?? '');
  const [billno, setBillno] = useState(chosen ? String(chosen.billno) : '');
  const [fy, setFy] = useState(chosen?.fy ?? '');
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = Number(billno.trim());
    if (!Number.isSafeInteger(number) || number < 1) return setProblem('Please provide the bill number of the bill this note corrects.');
    if (fy.trim() && !FINANCIAL_YEAR.test(fy.trim())) return setProblem('Please write the financial year as 2025-26, or leave it empty for this year.');
    setProblem(undefined);
    onChoose({ billtype, billno: number, ...(fy.trim() && { fy: fy.trim() }) });
  };

  const message = problem ?? failure;
  return (
    <form className="note-against__form" onSubmit={submit}>
      <p>A {noteType.menuLabel} corrects a bill of its buyer. Which bill?</p>
      <label>
        Bill type
        <select value={billtype} onChange={(event) => setBilltype(event.target.value)}>
          {types.map((type) => (
            <option key={type.type} value={type.type}>
              {type.menuLabel}
            </option>
          ))}
        </select>
      </label>
      <label>
        Bill No.
        <input inputMode="numeric" value={billno} onChange={(event) => setBillno(event.target.value)} />
      </label>
      <label>
        Financial year
        <input placeholder="this year" value={fy} onChange={(event) => setFy(event.target.value)} />
      </label>
      <button type="submit" className="button button--primary">
        Open
      </button>
      {message && (
        <p className="note-against__problem" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}
