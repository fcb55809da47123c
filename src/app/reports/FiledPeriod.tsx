import { useEffect, useState } from 'react';
import { monthName } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import { ConfirmModal } from '../ui/ConfirmModal';
import { useOpenModal } from '../ui/ModalProvider';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import { useCan } from '../auth/can';
import { hasEnded, shortDay } from './filed-day';
import { MoveFiledMarkBack } from './MoveFiledMarkBack';

/**
 * "GSTR-1 filed up to October 2026" for a GST unit (issue 27), and after a GSTR-1 download "Mark as filed up to
 * 31 Oct 2026": sales bills dated until then open read-only. Issue 50: the offer names the day it locks, is made
 * only for a period that has ended, and asks first; an owner moves the mark back with their password.
 */
export function FiledPeriod({ unit, offer }: { unit: string; offer?: string }) {
  const { reports } = useApi();
  const openModal = useOpenModal();
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
    const confirmed = await openModal<boolean>(
      (close) => (
        <ConfirmModal
          image="question"
          title={`Mark GSTR-1 filed up to ${shortDay(day)}?`}
          description={`Bills, notes and payments dated until ${shortDay(day)} can no longer be made, changed or deleted. Mark it only once the return is filed on the portal.`}
          leftButton={{ label: 'Cancel', onClick: () => close(false) }}
          rightButton={{ label: 'Mark as filed', onClick: () => close(true), tone: 'primary' }}
          onClose={() => close(false)}
        />
      ),
      false,
    );
    if (!confirmed) return;
    try {
      showSuccessToast(await reports.markFiled(unit, day));
      setUpto(day);
    } catch (error) {
      showErrorToast((error as Error).message);
    }
  };

  if (upto === undefined) return null;
  const offered = mayMoveLock && offer !== undefined && offer > upto ? offer : undefined;
  return (
    <div className="report-filed">
      <p role="status">
        {upto ? `GSTR-1 filed up to ${monthName(upto)}: bills dated until then are locked.` : 'No GSTR-1 marked as filed yet.'}
      </p>
      {offered &&
        (hasEnded(offered) ? (
          <button type="button" className="button button--small" onClick={() => void mark(offered)}>
            Mark as filed up to {shortDay(offered)}
          </button>
        ) : (
          <span>{`${monthName(offered)} is not over yet: it can be marked as filed after ${shortDay(offered)}.`}</span>
        ))}
      {mayMoveLock && upto && <MoveFiledMarkBack unit={unit} onMoved={setUpto} />}
    </div>
  );
}
