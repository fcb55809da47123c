import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../api/ApiContext';
import { showErrorToast } from '../ui/toasts';
import type { AuditVerdict } from './audit-api';

/**
 * Verify chain (owners, `audit.verify`): the server walks the whole audit chain and says it holds, or names the first
 * row changed, deleted or inserted out of order. A head written down earlier (from a GSTR-1 or register download) is
 * checked too when given.
 */
export function VerifyChain() {
  const { audit } = useApi();
  const id = useId();
  const [head, setHead] = useState('');
  const [verdict, setVerdict] = useState<AuditVerdict>();
  const [checking, setChecking] = useState(false);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    setVerdict(undefined);
    try {
      setVerdict(await audit.verify(head.trim() || undefined));
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setChecking(false);
    }
  };

  return (
    <form className="audit-verify" onSubmit={(event) => void verify(event)}>
      <label htmlFor={`${id}-head`}>Head written down earlier (optional)</label>
      <input id={`${id}-head`} value={head} placeholder="120:3fa2…" spellCheck={false} autoComplete="off" onChange={(event) => setHead(event.target.value)} />
      <button type="submit" className="button" disabled={checking}>
        {checking ? 'Verifying…' : 'Verify chain'}
      </button>
      {verdict && (
        <p className={verdict.ok ? 'audit-verdict audit-verdict--ok' : 'audit-verdict audit-verdict--broken'} role={verdict.ok ? 'status' : 'alert'}>
          {verdict.msg}
        </p>
      )}
    </form>
  );
}
