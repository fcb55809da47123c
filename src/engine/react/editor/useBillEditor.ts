import { useCallback, useEffect, useRef, useState } from 'react';
import { conversionTarget, normalizeBill, type Row } from '../../core/rows';
import type { BillType } from '../../core/registry/types';
import { validateBill } from '../../core/validate';
import type { BillScreenProps, BillUi, ConfirmOptions, SaveMethod } from '../contract';
import { useLatest } from '../controls/useLatest';
import { messageOf } from '../errors';
import { localIsoDate, newBillData, pickFields, storedBillToForm } from '../../core/bill-data';
import { billPdfFileName } from '../../core/pdf-file-name';
import { EDITOR_TEXTS } from './texts';

export type BillEditorProps = BillScreenProps & ({ mode: 'create' } | { mode: 'edit'; billno: number });

export type EditorStatus =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; version: number };

/** One save button: what it sends and how it asks first. */
export interface BillAction {
  label: string;
  method: SaveMethod;
  target: BillType;
  confirm: ConfirmOptions;
  /** Conversion saves under the target type's next bill number (spec 4). */
  renumber: boolean;
}

/** The buttons of a screen: create saves; edit updates and, on types with convertsTo, converts. */
export function actionsFor(props: BillEditorProps): BillAction[] {
  const { billType, registry } = props;
  if (props.mode === 'create') {
    return [{ label: EDITOR_TEXTS.create, method: 'create', target: billType, confirm: EDITOR_TEXTS.saveConfirm, renumber: false }];
  }
  const actions: BillAction[] = [
    { label: EDITOR_TEXTS.update, method: 'update', target: billType, confirm: EDITOR_TEXTS.saveConfirm, renumber: false },
  ];
  const target = conversionTarget(registry.billTypes, billType);
  if (target) {
    actions.push({ label: EDITOR_TEXTS.convert, method: 'create', target, confirm: EDITOR_TEXTS.convertConfirm, renumber: true });
  }
  return actions;
}

/**
 * The create/edit screen's state and its save flow (spec 4): confirm, then the checks (first failure as
 * an "Empty field" toast), then the request with a loading label, then the PDF download and the
 * PDF Generated modal; a failure shows the server's msg and ends the loading.
 */
export function useBillEditor(props: BillEditorProps) {
  const { registry, billType, mode } = props;
  const billno = props.mode === 'edit' ? props.billno : undefined;
  const app = useLatest({ services: props.services, ui: props.ui });
  const [status, setStatus] = useState<EditorStatus>({ kind: 'loading' });
  const [busyAction, setBusyAction] = useState<string>();
  const data = useRef<Row>({});

  const version = useRef(0);
  const start = useCallback((initial: Row) => {
    data.current = initial;
    version.current += 1;
    setStatus({ kind: 'ready', version: version.current });
  }, []);

  const load = useCallback(async () => {
    const { services } = app.current;
    if (billno === undefined) return start(newBillData(billType, await services.nextBillNumber(billType), localIsoDate()));
    const stored = await services.loadBill(billType, billno);
    if (stored) start(storedBillToForm(billType, stored));
    else setStatus({ kind: 'not-found' });
  }, [app, billType, billno, start]);

  const reload = useCallback(() => {
    setStatus({ kind: 'loading' });
    load().catch((error: unknown) => setStatus({ kind: 'failed', message: messageOf(error) }));
  }, [load]);

  useEffect(reload, [reload]);

  const running = useRef(false);
  const run = async (action: BillAction) => {
    if (running.current) return;
    running.current = true;
    try {
      await save(action);
    } finally {
      running.current = false;
      setBusyAction(undefined);
    }
  };

  const save = async (action: BillAction) => {
    const { services, ui } = app.current;
    if (!(await ui.confirm(action.confirm))) return;
    const payload = pickFields(billType.root, data.current);
    const checked = validateBill(registry, action.target, payload);
    if (!checked.ok) {
      ui.toastError(EDITOR_TEXTS.checkTitle, checked.msg);
      return;
    }
    setBusyAction(action.label);
    try {
      let body = normalizeBill(action.target, payload);
      if (action.renumber) {
        body = { ...body, [action.target.roles.billNumber.name]: await services.nextBillNumber(action.target) };
      }
      const convertedFrom = action.renumber && billno !== undefined ? { billType, billno } : undefined;
      const pdf = await services.submitBill(action.target, action.method, body, convertedFrom);
      ui.download(pdf, billPdfFileName(action.target, body));
      setBusyAction(undefined);
      await ui.showSaved(action.target);
      // A created bill is done: the screen starts the next one under the next number.
      if (mode === 'create') await load();
    } catch (error) {
      setBusyAction(undefined);
      ui.toastError(messageOf(error));
    }
  };

  const onChange = useCallback((formData: Row | undefined) => {
    if (formData) data.current = formData;
  }, []);
  const startData = useCallback(() => data.current, []);
  const toastError = useCallback((...args: Parameters<BillUi['toastError']>) => app.current.ui.toastError(...args), [app]);

  return {
    status,
    busyAction,
    actions: actionsFor(props),
    run,
    onChange,
    toastError,
    retry: reload,
    /** The data a new form starts from: read when a bill has just loaded (a new status version). */
    startData,
    /** Builds the form again from this data (a picked client's values filled in). */
    restart: start,
  };
}
