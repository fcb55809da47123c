import type { BillType } from '../../core/registry/types';
import { EDITOR_TEXTS } from './texts';
import type { EditorStatus } from './useBillEditor';

export interface ScreenMessageProps {
  status: Exclude<EditorStatus, { kind: 'ready' }>;
  billType: BillType;
  billno?: number;
  onRetry(): void;
}

/** What the screen shows instead of the form: loading, an unknown bill number, or a failed load. */
export function ScreenMessage({ status, billType, billno, onRetry }: ScreenMessageProps) {
  if (status.kind === 'loading') {
    return (
      <div className="bill-editor">
        <p className="bill-editor__message" role="status">
          {EDITOR_TEXTS.loading}
        </p>
      </div>
    );
  }
  const notFound = status.kind === 'not-found';
  return (
    <div className="bill-editor">
      <div className="bill-editor__message" role="alert">
        <h1 className="bill-doc__title">{notFound ? EDITOR_TEXTS.notFoundTitle : EDITOR_TEXTS.loadFailedTitle}</h1>
        <p>{status.kind === 'failed' ? status.message : EDITOR_TEXTS.notFound(billType.label, billno ?? 0)}</p>
        {!notFound && (
          <button type="button" className="bill-button" onClick={onRetry}>
            {EDITOR_TEXTS.retry}
          </button>
        )}
      </div>
    </div>
  );
}
