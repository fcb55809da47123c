import type { AuditEntry } from '../../engine/core';
import { actionWord, auditDayAndTime } from './audit-words';
import { ChangeList } from './ChangeList';

/** The audit entries of a page, newest first: When, Who, Action, Document, Changes (cards on a phone). */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="table-scroll">
      <table className="bill-table audit-table card-table">
        <caption className="visually-hidden">Audit trail</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Document</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.seq}>
              <td className="card-value audit-when" data-label="When">
                <When iso={entry.at} />
              </td>
              <td className="card-value audit-who" data-label="Who">
                {entry.operator}
              </td>
              <td className="card-value" data-label="Action">
                {actionWord(entry.action)}
              </td>
              <td className="card-value audit-document" data-label="Document">
                {entry.document}
              </td>
              <td className="audit-changes-cell">
                <ChangeList entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The day and the time, each kept whole when the column is narrow. */
function When({ iso }: { iso: string }) {
  const [day, clock] = auditDayAndTime(iso);
  return (
    <time dateTime={iso}>
      <span className="audit-nowrap">{day},</span> <span className="audit-nowrap">{clock}</span>
    </time>
  );
}
