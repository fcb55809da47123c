import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BillTypeEntry } from '../../../engine/core/registry/types';
import { useApi } from '../../api/ApiContext';
import { createRoute, editRoute } from '../../paths';
import { registry } from '../../registry';
import { noteLabel, type NoteOfBill } from './note-label';
import { AGAINST_PARAM, againstOf, againstParam, type AgainstRef } from './note-start';


/** The note types that may correct bills of this type (x-bill.note.against), in menu order. */
export const noteTypesFor = (billType: BillTypeEntry) => registry.billTypes.filter((type) => type.note?.against.includes(billType.type));

/**
 * Issue 28 on a bill's edit screen: "Issue Credit Note" and "Issue Debit Note" (each note type whose x-bill.note
 * corrects this type) open the note's create screen against this bill, and the notes issued so far are listed
 * with their totals. Nothing shows for a type no note corrects.
 */
export default function NotesPanel({ billType, billno, fy }: { billType: BillTypeEntry; billno: number; fy?: string }) {
  const { services } = useApi();
  const noteTypes = noteTypesFor(billType);
  const [state, setState] = useState<{ against: AgainstRef; notes: NoteOfBill[] }>();

  useEffect(() => {
    if (!noteTypes.length) return;
    let current = true;
    services.loadBill(billType, billno, fy).then(
      (stored) => current && stored && setState({ against: againstOf(billType, stored), notes: (stored.notes as NoteOfBill[] | undefined) ?? [] }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [services, billType, billno, fy, noteTypes.length]);

  if (!noteTypes.length || !state) return null;
  return (
    <section className="bill-notes" aria-label="Credit and debit notes">
      <h2>Credit and debit notes</h2>
      {state.notes.length > 0 && (
        <ul>
          {state.notes.map((note) => {
            const type = registry.byType(note.billtype);
            return <li key={`${note.billtype}/${note.fy}/${note.billno}`}>{type ? <Link to={editRoute(type, note.billno, note.fy)}>{noteLabel(note)}</Link> : noteLabel(note)}</li>;
          })}
        </ul>
      )}
      <div className="bill-notes__actions">
        {noteTypes.map((type) => (
          <Link key={type.type} className="button button--small" to={`${createRoute(type)}?${AGAINST_PARAM}=${encodeURIComponent(againstParam(state.against))}`}>
            Issue {type.menuLabel}
          </Link>
        ))}
      </div>
    </section>
  );
}
