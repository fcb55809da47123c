import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { BillType } from '../../engine/core';
import { BillEditor } from '../../engine/react';
import { useApi } from '../api/ApiContext';
import { browserDrafts } from '../drafts/browser-drafts';
import { setScreenChangesCheck } from '../drafts/screen-changes';
import { NotFound } from '../layout/NotFound';
import { checkedBy, loadValidators, registry, validatorsLoaded } from '../registry';
import { useBillUi } from '../ui/bill-ui';
import { useLeaveGuard } from './useLeaveGuard';

const BILL_NUMBER = /^\d{1,9}$/;

/**
 * The create screen (no bill number in the path) and the edit screen (with one) of a bill type: the
 * form engine's generic editor, given the app's API, modals and the browser's drafts. Keyed by type and
 * number so moving between screens starts a fresh form; leaving one with unsaved changes asks first.
 */
export default function EditorPage({ billType }: { billType: BillType }) {
  const { services } = useApi();
  const ui = useBillUi();
  const { billno } = useParams();
  const unsaved = useRef<() => boolean>(undefined);
  const registerUnsavedCheck = useCallback((check: () => boolean) => {
    unsaved.current = check;
    setScreenChangesCheck(check);
  }, []);
  useEffect(() => () => setScreenChangesCheck(undefined), []);
  useLeaveGuard(unsaved);
  const screen = { registry, billType, services, ui, drafts: browserDrafts, registerUnsavedCheck };
  const checking = useValidators(billType);

  if (checking) return <p className="page-loading">Please Wait</p>;
  if (billno === undefined) return <BillEditor key={`${billType.type}/new`} {...screen} mode="create" />;
  if (!BILL_NUMBER.test(billno)) return <NotFound />;
  return <BillEditor key={`${billType.type}/${billno}`} {...screen} mode="edit" billno={Number(billno)} />;
}

/**
 * Each bill type's precompiled validator is a chunk of its own (a create screen fetches its type's, and
 * a quotation's editor also its target's, not all eight): true until they have arrived.
 */
function useValidators(billType: BillType): boolean {
  const [loadedType, setLoadedType] = useState<string>();
  const ready = loadedType === billType.type || validatorsLoaded(checkedBy(registry, billType));
  useEffect(() => {
    if (ready) return;
    let current = true;
    void loadValidators(checkedBy(registry, billType)).then(() => current && setLoadedType(billType.type));
    return () => {
      current = false;
    };
  }, [billType, ready]);
  return !ready;
}
