import type { AuditEntry } from '../../engine/core';
import { changeText } from './audit-words';

/** An entry's changes, one a line ("Address: A → B", "Added line: ..."): the History and the Audit screen show them alike. */
export function ChangeList({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) return null;
  return (
    <ul className="audit-changes">
      {entry.changes.map((change, index) => (
        <li key={index}>{changeText(change)}</li>
      ))}
    </ul>
  );
}
