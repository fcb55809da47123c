import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { parseFinancialYear, type Row } from '../../engine/core';
import type { BillUi } from '../../engine/react/contract';
import { BillEditor } from '../../engine/react';
import { useApi } from '../api/ApiContext';
import { useAccountOf } from '../auth/account-store';
import { useToken } from '../auth/token-store';
import { browserDrafts } from '../drafts/browser-drafts';
import { setScreenChangesCheck } from '../drafts/screen-changes';
import { NotFound } from '../layout/NotFound';
import { createRoute } from '../paths';
import { billTypes, registry } from '../registry';
import type { TypeScreenProps } from '../type-screen';
import { useBillUi } from '../ui/bill-ui';
import { lazyScreen } from '../lazy-screen';
import { carrying, type CarriedState } from './carried-state';
import { useLeaveGuard } from './useLeaveGuard';
import { useStockGuard } from '../stock/stock-guard';

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
export default function EditorPage({ billType }: TypeScreenProps) {
  const ui = useCarryingUi(useBillUi());
  const services = useStockGuard(useServicesOfRole(), ui);
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
  const initialData = useCarriedData(true);
  const screen = { registry, types: billTypes, billType, services, ui, drafts: browserDrafts, registerUnsavedCheck, initialData };

  // A note's create screen is its own (NoteScreens): it names the bill the note corrects.
  if (billno === undefined) return billType.note ? <NoteScreens {...screen} /> : <BillEditor key={`${billType.type}/new`} {...screen} mode="create" />;
  if (!BILL_NUMBER.test(billno) || (fy !== undefined && parseFinancialYear(fy) === undefined)) return <NotFound />;
  return <EditBill key={`${billType.type}/${billno}/${fy ?? ''}`} {...screen} billno={Number(billno)} fy={fy} />;
}

/** The app's BillServices, telling the editor when the operator's role or units may not change this type's bills (issue 45). */
function useServicesOfRole() {
  const { services } = useApi();
  const account = useAccountOf(useToken());
  return useMemo(() => {
    const mayChange = account?.actions.includes('bills.write') ?? false;
    const mayWorkOn = (unit: string) => account?.units === null || (account?.units?.includes(unit) ?? false);
    return {
      ...services,
      mayNotChange: (billType: { unit: string }) =>
        !mayChange ? 'Your role may not create or edit bills.' : !mayWorkOn(billType.unit) ? 'You may not work on this unit.' : undefined,
    };
  }, [services, account]);
}

/** The app's BillUi with openCreate: another type's create screen, given the data in the location's state. */
function useCarryingUi(ui: BillUi): BillUi {
  const navigate = useNavigate();
  return useMemo(
    () => ({ ...ui, openCreate: (target, initialData) => navigate(createRoute(target), carrying(initialData)) }),
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
