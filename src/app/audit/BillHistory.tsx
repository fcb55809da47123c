import { useEffect, useId, useState } from 'react';
import type { AuditEntry, BillTypeEntry } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import { actionWord, auditTime } from './audit-words';
import { ChangeList } from './ChangeList';
import '../styles/audit.css';

interface BillHistoryProps {
  billType: BillTypeEntry;
  billno: number;
  fy?: string;
  /** Counts the bill's saves on this screen: an open History reads again after each. */
  saves: number;
}

/**
 * Issue 45: a saved bill's History under its edit screen, each change oldest first with who, when and what changed
 * field by field. Closed until asked for, so the form comes first and nothing is read for one who never opens it.
 */
export default function BillHistory({ billType, billno, fy, saves }: BillHistoryProps) {
  const { audit } = useApi();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [entries, setEntries] = useState<AuditEntry[]>();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (!open) return;
    let current = true;
    audit.billHistory({ billtype: billType.type, billno, ...(fy && { fy }) }).then(
      (answer) => {
        if (!current) return;
        setEntries(answer);
        setFailure(undefined);
      },
      (error: Error) => current && setFailure(error.message),
    );
    return () => {
      current = false;
    };
  }, [audit, open, billType.type, billno, fy, saves]);

  return (
    <section className="bill-history" aria-labelledby={`${id}-title`}>
      <div className="bill-history__heading">
        <h2 id={`${id}-title`}>History</h2>
        <button type="button" className="button button--small" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen(!open)}>
          {open ? 'Hide history' : 'Show history'}
        </button>
      </div>
      <div id={`${id}-body`} hidden={!open}>
        {open && <HistoryBody entries={entries} failure={failure} />}
      </div>
    </section>
  );
}

function HistoryBody({ entries, failure }: { entries?: AuditEntry[]; failure?: string }) {
  if (failure) return <p className="bill-history__failure" role="alert">{failure}</p>;
  if (!entries) return <p className="page-loading">Please Wait</p>;
  if (entries.length === 0) return <p className="bill-history__none">No changes are on record for this bill.</p>;
  return (
    <ol className="bill-history__list">
      {entries.map((entry) => (
        <li key={entry.seq}>
          <p className="bill-history__who">
            <strong>{actionWord(entry.action)}</strong> <time dateTime={entry.at}>{auditTime(entry.at)}</time> by {entry.operator}
          </p>
          <ChangeList entry={entry} />
        </li>
      ))}
    </ol>
  );
}
