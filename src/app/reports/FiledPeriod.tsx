import { useEffect, useState } from 'react';
import { monthName } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import { useCan } from '../auth/can';

/**
 * "GSTR-1 filed up to October 2026" for a GST unit (issue 27), and after a GSTR-1 download "Mark as filed"
 * up to the downloaded period's end: sales bills dated in filed months then open read-only. Moving the mark
 * back needs the operator's password (the API's lockperiod), so it is not offered here.
 */
export function FiledPeriod({ unit, offer }: { unit: string; offer?: string }) {
  const { reports } = useApi();
  const [upto, setUpto] = useState<string>();
  useEffect(() => {
    let current = true;
    reports.filedUpTo(unit).then(
      (answer) => current && setUpto(answer),
      () => current && setUpto(''),
    );
    return () => {
      current = false;
    };
  }, [reports, unit]);

  // Issue 45: only a role that moves the lock is offered to.
  const mayMoveLock = useCan()('locks.write');
  const mark = async (day: string) => {
    try {
      showSuccessToast(await reports.markFiled(unit, day));
      setUpto(day);
    } catch (error) {
      showErrorToast((error as Error).message);
    }
  };

  if (upto === undefined) return null;
  const canMark = mayMoveLock && offer !== undefined && offer > upto;
  return (
    <p className="report-filed" role="status">
      <span>{upto ? `GSTR-1 filed up to ${monthName(upto)}: bills dated until then are locked.` : 'No GSTR-1 marked as filed yet.'}</span>
      {canMark && (
        <button type="button" className="button button--small" onClick={() => void mark(offer)}>
          Mark as filed up to {monthName(offer)}
        </button>
      )}
    </p>
  );
}
