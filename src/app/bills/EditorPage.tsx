import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { parseFinancialYear, type BillType, type Row } from '../../engine/core';
import type { BillUi } from '../../engine/react/contract';
import { BillEditor } from '../../engine/react';
import { useApi } from '../api/ApiContext';
import { browserDrafts } from '../drafts/browser-drafts';
import { setScreenChangesCheck } from '../drafts/screen-changes';
import { NotFound } from '../layout/NotFound';
import { createRoute } from '../paths';
import { checkedBy, loadValidators, registry, validatorsLoaded } from '../registry';
import { useBillUi } from '../ui/bill-ui';
import { lazyScreen, reloadForChunk } from '../lazy-screen';
import { useLeaveGuard } from './useLeaveGuard';

/** Issue 28: a note's create screen names the bill it corrects (its edit screen's notes are EditBill's). */
const NoteScreens = lazyScreen(() => import('./notes/NoteScreens'), null);
/** The edit screen with what is shown beside it (sends, payments): loaded for an edit only, not on a create screen. */
const EditBill = lazyScreen(() => import('./EditBill'));

const BILL_NUMBER = /^\d{1,9}$/;

/**
 * The create screen (no bill number in the path) and the edit screen (with one) of a bill type: the
 * form engine's generic editor, given the app's API, modals and the browser's drafts. Keyed by type and
 * number so moving between screens starts a fresh form; leaving one with unsaved changes asks first.
 */
export default function EditorPage({ billType }: { billType: BillType }) {
  const { services } = useApi();
  const ui = useCarryingUi(useBillUi());
  const { billno } = useParams();
  // A bill of another financial year than this one is named by its year too: ?fy=2025-26.
  const fy = useSearchParams()[0].get('fy') ?? undefined;
  const unsaved = useRef<() => boolean>(undefined);
  const registerUnsavedCheck = useCallback((check: () => boolean) => {
    unsaved.current = check;
    setScreenChangesCheck(check);
  }, []);
  useEffect(() => () => setScreenChangesCheck(undefined), []);
  useLeaveGuard(unsaved);
  const checking = useValidators(billType);
  const initialData = useCarriedData(!checking);
  const screen = { registry, billType, services, ui, drafts: browserDrafts, registerUnsavedCheck, initialData };

  if (checking) return <p className="page-loading">Please Wait</p>;
  // A note's create screen is its own (NoteScreens): it names the bill the note corrects.
  if (billno === undefined) return billType.note ? <NoteScreens {...screen} /> : <BillEditor key={`${billType.type}/new`} {...screen} mode="create" />;
  if (!BILL_NUMBER.test(billno) || (fy !== undefined && parseFinancialYear(fy) === undefined)) return <NotFound />;
  return <EditBill key={`${billType.type}/${billno}/${fy ?? ''}`} {...screen} billno={Number(billno)} fy={fy} />;
}

/**
 * Each bill type's precompiled validator is a chunk of its own (a create screen fetches its type's, and
 * a quotation's editor also its target's, not all eight): true until they have arrived.
 */
function useValidators(billType: BillType): boolean {
  const [loadedType, setLoadedType] = useState<string>();
  const [failure, setFailure] = useState<{ error: unknown }>();
  const ready = loadedType === billType.type || validatorsLoaded(checkedBy(registry, billType));
  useEffect(() => {
    if (ready) return;
    let current = true;
    loadValidators(checkedBy(registry, billType)).then(
      () => current && setLoadedType(billType.type),
      // A validator's chunk gone (the app rebuilt, issue 30): reload once, then the router's error screen.
      (error: unknown) => current && !reloadForChunk() && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [billType, ready]);
  if (failure) throw failure.error;
  return !ready;
}

/** What another screen carried to this create screen (ui.openCreate), kept in the location's state. */
interface CarriedState {
  initialData?: Row;
}

/** The app's BillUi with openCreate: another type's create screen, given the data in the location's state. */
function useCarryingUi(ui: BillUi): BillUi {
  const navigate = useNavigate();
  return useMemo(
    () => ({ ...ui, openCreate: (target, initialData) => navigate(createRoute(target), { state: { initialData } satisfies CarriedState }) }),
    [ui, navigate],
  );
}

/**
 * The carried data in the location's state. Once the editor has it (`consumed`: it keeps its first start data),
 * the state is dropped, so a reload starts as any create screen does (offering the draft the carried bill became).
 */
function useCarriedData(consumed: boolean): Row | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const initialData = (location.state as CarriedState | null)?.initialData;
  const carrying = initialData !== undefined;
  useEffect(() => {
    if (carrying && consumed) navigate(location.pathname, { replace: true, state: null });
  }, [carrying, consumed, navigate, location.pathname]);
  return initialData;
}
