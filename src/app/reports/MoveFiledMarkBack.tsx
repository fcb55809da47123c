import { useId, useState, type FormEvent } from 'react';
import { DayInput } from '../ui/DayInput';
import { useApi } from '../api/ApiContext';
import { showErrorToast, showSuccessToast } from '../ui/toasts';

/**
 * An owner's way to move the GSTR-1 filed mark back (issue 50): to an earlier month's last day, or to none, with
 * their password, as the API's lockperiod asks. The server checks both and its msg is shown either way.
 */
export function MoveFiledMarkBack({ unit, onMoved }: { unit: string; onMoved(upto: string): void }) {
  const { reports } = useApi();
  const id = useId();
  const [upto, setUpto] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      showSuccessToast(await reports.markFiled(unit, upto, password));
      setPassword('');
      onMoved(upto);
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="report-move-back">
      <summary>Move the filed mark back</summary>
      <form onSubmit={(event) => void submit(event)}>
        <label htmlFor={`${id}-upto`}>Filed up to (a month's last day; empty for none)</label>
        <DayInput id={`${id}-upto`} className="list-date" value={upto} onChange={setUpto} />
        <label htmlFor={`${id}-password`}>Your password</label>
        <input id={`${id}-password`} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        <button type="submit" className="button button--small" disabled={busy}>
          Move mark back
        </button>
      </form>
    </details>
  );
}
