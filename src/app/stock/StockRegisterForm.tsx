import { useId, useState } from 'react';
import { localIsoDay } from '../../engine/core';
import { DayInput } from '../ui/DayInput';
import { downloadBlob } from '../ui/download';
import { showErrorToast } from '../ui/toasts';
import { useApi } from '../api/ApiContext';
import type { RegisterFormat } from './stock-api';

const FORMATS: ReadonlyArray<[RegisterFormat, string]> = [
  ['csv', 'Download CSV'],
  ['xlsx', 'Download Excel'],
  ['pdf', 'Download PDF'],
];

/** The first day of this financial year (1 April), from which the register starts by default. */
function yearStart(today: string): string {
  const [year, month] = today.split('-').map(Number);
  return `${month >= 4 ? year : year - 1}-04-01`;
}

/** Issue 48: the Rule 56(2) stock register of a period, downloaded as CSV, Excel or PDF. */
export function StockRegisterForm({ unit, onClose }: { unit: string; onClose(): void }) {
  const { stock: api } = useApi();
  const id = useId();
  const today = localIsoDay();
  const [from, setFrom] = useState(yearStart(today));
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const download = async (format: RegisterFormat) => {
    setBusy(true);
    try {
      const file = await api.register(unit, { from, to }, format);
      downloadBlob(file.blob, file.fileName);
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="profile stock-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Stock register</h2>
      <div className="profile__fields">
        <div className="profile__field">
          <label htmlFor={`${id}-from`}>From</label>
          <DayInput id={`${id}-from`} value={from} onChange={setFrom} />
        </div>
        <div className="profile__field">
          <label htmlFor={`${id}-to`}>To</label>
          <DayInput id={`${id}-to`} value={to} onChange={setTo} />
        </div>
      </div>
      <div className="client-form__actions">
        <button type="button" className="button button--plain" onClick={onClose}>
          Close
        </button>
        {FORMATS.map(([format, label]) => (
          <button key={format} type="button" className="button" disabled={busy || !from || !to} onClick={() => void download(format)}>
            {label}
          </button>
        ))}
      </div>
    </section>
  );
}
