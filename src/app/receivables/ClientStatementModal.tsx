import { useId, useState } from 'react';
import { DayInput } from '../ui/DayInput';
import { financialYearOf } from '../../engine/core/periods';
import { localIsoDay } from '../../engine/core/financial-year';
import { useApi } from '../api/ApiContext';
import { useCan } from '../auth/can';
import { lazyScreen } from '../lazy-screen';
import { ConfirmModal } from '../ui/ConfirmModal';
import { downloadBlob } from '../ui/download';
import { useOpenModal } from '../ui/ModalProvider';
import { showErrorToast } from '../ui/toasts';
import type { Period } from './receivables-api';

const ClientMailModal = lazyScreen(() => import('./ClientMailModal'));

export const STATEMENT_TITLE = 'Client statement';

/** This financial year so far: 1 April to today. */
function thisYear(): Period {
  const today = localIsoDay();
  return { from: `${financialYearOf(today)}-04-01`, to: today };
}

/**
 * Issue 29 item 4: a client's statement of a period (this financial year unless changed) as a PDF or a CSV
 * download, or by e-mail with the PDF attached (issue 32 part 3).
 */
export default function ClientStatementModal({
  unit,
  unitLabel,
  clientname,
  onClose,
}: {
  unit: string;
  unitLabel: string;
  clientname: string;
  onClose(): void;
}) {
  const { receivables } = useApi();
  const openModal = useOpenModal();
  const maySend = useCan()('bills.send');
  const id = useId();
  const [period, setPeriod] = useState(thisYear);
  const [busy, setBusy] = useState(false);
  const wrongPeriod = !period.from || !period.to || period.from > period.to;

  const download = async (format: 'pdf' | 'csv') => {
    if (wrongPeriod) return showErrorToast('Please choose a From date on or before the To date.');
    setBusy(true);
    try {
      const { blob, fileName } = await receivables.statementFile(unit, clientname, period, format);
      downloadBlob(blob, fileName);
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const email = () => {
    if (wrongPeriod) return showErrorToast('Please choose a From date on or before the To date.');
    onClose();
    void openModal<void>(
      (close) => <ClientMailModal unit={unit} kind="statement" clientname={clientname} period={period} onClose={() => close()} />,
      undefined,
    );
  };

  return (
    <ConfirmModal
      image="document"
      title={STATEMENT_TITLE}
      description={`${clientname}, ${unitLabel}: opening balance, bills, notes and payments with a running balance, and the ageing.`}
      leftButton={{ label: 'Close', onClick: onClose }}
      onClose={onClose}
    >
      <div className="statement-period">
        <span>
          <label htmlFor={`${id}-from`}>From</label>
          <DayInput id={`${id}-from`} value={period.from} onChange={(from) => setPeriod({ ...period, from })} />
        </span>
        <span>
          <label htmlFor={`${id}-to`}>To</label>
          <DayInput id={`${id}-to`} value={period.to} onChange={(to) => setPeriod({ ...period, to })} />
        </span>
      </div>
      <div className="statement-actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void download('pdf')}>
          Download PDF
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void download('csv')}>
          Download CSV
        </button>
        {maySend && (
          <button type="button" className="button" disabled={busy} onClick={email}>
            E-mail statement
          </button>
        )}
      </div>
    </ConfirmModal>
  );
}
