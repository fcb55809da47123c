import { useCallback, useEffect, useRef, useState } from 'react';
import { normalizeBill, type Row } from '../../core/rows';
import type { BillType, BillTypeEntry } from '../../core/registry/types';
import { validateBill } from '../../core/validate';
import type { BillRef, BillScreenProps, BillUi, ConfirmOptions, SaveMethod } from '../contract';
import { useLatest } from '../controls/useLatest';
import { messageOf } from '../errors';
import { localIsoDate, newBillData, storedBillToForm } from '../../core/bill-data';
import { billPdfFileName } from '../../core/pdf-file-name';
import { askConversion, convertedToOf } from './conversion';
import { withLineSerials } from './line-serials';
import { confirmFutureDate } from './future-date';
import { checkNumberGap, nextNumberOn } from './number-gap';
import { pickFields, PRINTED_NUMBER_KEY, toStoredBill } from '../../core/stored-bill';
import { recomputedRows, renameEntry, unsavedEntries } from '../../core/row-ops';
import type { CatalogStore } from '../../core/catalog-store';
import { askAboutNearNames } from './near-names';
import { filedPeriodMessage } from '../../core/financial-year';
import { EDITOR_TEXTS } from './texts';
import { draftKey, useDraft } from './useDraft';

/** An edit screen names its bill by number, and by financial year ("2025-26") when it is not this one. */
export type BillEditorProps = BillScreenProps & ({ mode: 'create' } | { mode: 'edit'; billno: number; fy?: string });

export type EditorStatus =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; version: number };

/** One save button: what it sends and how it asks first. */
export interface BillAction {
  label: string;
  method: SaveMethod;
  /** The type it saves as: the screen's own, or the type a conversion makes (read whole when the operator converts). */
  target: BillTypeEntry;
  confirm: ConfirmOptions;
  /** Conversion saves under the target type's next bill number (spec 4). */
  renumber: boolean;
}

/** An action whose target is read whole: what a save works with. */
type ReadyAction = BillAction & { target: BillType };

/** The buttons of a screen: create saves; edit updates and, on types with convertsTo, converts. */
export function actionsFor(props: BillEditorProps): BillAction[] {
  const { billType, registry } = props;
  if (props.mode === 'create') {
    return [{ label: EDITOR_TEXTS.create, method: 'create', target: billType, confirm: EDITOR_TEXTS.saveConfirm, renumber: false }];
  }
  const actions: BillAction[] = [
    { label: EDITOR_TEXTS.update, method: 'update', target: billType, confirm: EDITOR_TEXTS.saveConfirm, renumber: false },
  ];
  const target = billType.convertsTo === undefined ? undefined : registry.byType(billType.convertsTo);
  if (target && billType.convert) {
    // The texts come from the schema (x-bill.convert): the spec's words on its quotations, the documents' names otherwise.
    const { button, title, text } = billType.convert;
    const confirm = { ...EDITOR_TEXTS.convertConfirm, title, description: text };
    actions.push({ label: button, method: 'create', target, confirm, renumber: true });
  }
  return actions;
}

const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Why a stored bill cannot change (the operator may not change bills of its type: issue 45; a sales bill's month is
 * filed: issue 27), or undefined. A lock that cannot be read
 * leaves the screen as it was: the server refuses a locked save all the same.
 */
async function lockOf(services: BillScreenProps['services'], billType: BillType, stored: Row): Promise<string | undefined> {
  const refused = services.mayNotChange?.(billType);
  if (refused) return refused;
  if (!billType.countsAsSales || !services.filedUpTo) return undefined;
  const upto = await services.filedUpTo(billType.unit).catch(() => '');
  const date = String(stored[billType.roles.billDate.name] ?? '');
  return upto && date && date <= upto ? filedPeriodMessage(upto) : undefined;
}

/**
 * The create/edit screen's state and its save flow (spec 4): confirm, then the checks (first failure as
 * an "Empty field" toast), then the request with a loading label, then the PDF download and the
 * PDF Generated modal; a failure shows the server's msg and ends the loading.
 */
export function useBillEditor(
  props: BillEditorProps,
  store: CatalogStore,
  onSaved?: (saved: BillType, body: Row) => void,
  /** The unit's number series by bill type (its business profile), each type's own when not set. */
  sellerSeries?: Record<string, string>,
) {
  const { registry, billType, mode } = props;
  const billno = props.mode === 'edit' ? props.billno : undefined;
  const fy = props.mode === 'edit' ? props.fy : undefined;
  const app = useLatest({ services: props.services, ui: props.ui });
  const [status, setStatus] = useState<EditorStatus>({ kind: 'loading' });
  const [busyAction, setBusyAction] = useState<string>();
  const data = useRef<Row>({});
  const [convertedTo, setConvertedTo] = useState<BillRef>();
  // A stored bill's number as printed, and why it cannot be changed (its month's GSTR-1 is filed), if so.
  const [stored, setStored] = useState<{ printedNo?: string; locked?: string }>({});
  const draft = useDraft(props.drafts, draftKey(billType.unit, billType.type, billno, fy));
  const { begin, lookForDraft } = draft;

  // Carried over from another screen: the first bill only (after a save the screen starts a blank one).
  const carried = useRef(props.initialData);
  const version = useRef(0);
  /** The number a new bill's screen proposed (this year's next), which a save needs not check for a gap. */
  const proposed = useRef<number | undefined>(undefined);
  /** (Re)builds the form from `initial`; `asLoaded` when it is the bill as stored (unsaved changes: none). */
  const start = useCallback(
    (initial: Row, asLoaded = true) => {
      data.current = initial;
      begin(initial, asLoaded);
      version.current += 1;
      setStatus({ kind: 'ready', version: version.current });
    },
    [begin],
  );

  const load = useCallback(async () => {
    const { services } = app.current;
    if (billno === undefined) {
      proposed.current = await services.nextBillNumber(billType);
      const blank = newBillData(billType, proposed.current, localIsoDate());
      const initial = carried.current;
      carried.current = undefined;
      // Typed elsewhere and not saved yet: unsaved here, kept as this screen's draft, and no older draft offered over it.
      setStored({ locked: services.mayNotChange?.(billType) });
      if (initial) return start({ ...blank, ...initial }, false);
      start(blank);
    } else {
      const stored = await (fy ? services.loadBill(billType, billno, fy) : services.loadBill(billType, billno));
      if (!stored) return setStatus({ kind: 'not-found' });
      setConvertedTo(convertedToOf(registry, stored));
      setStored({ printedNo: textOf(stored[PRINTED_NUMBER_KEY]), locked: await lockOf(services, billType, stored) });
      // A sale's lines come back with the pieces they sold, which the form keeps beside the schema's fields.
      start(withLineSerials(billType, stored, storedBillToForm(billType, stored)));
    }
    await lookForDraft();
  }, [app, registry, billType, billno, fy, start, lookForDraft]);

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
      const target = action.target.type === billType.type ? billType : await props.types.load(action.target);
      await save({ ...action, target });
    } catch (error) {
      app.current.ui.toastError(messageOf(error));
    } finally {
      running.current = false;
      setBusyAction(undefined);
    }
  };

  /** Confirms the action; a conversion also picks the new bill's date. False when the operator declines. */
  const confirmed = async (action: BillAction, ui: BillUi): Promise<{ date?: string } | false> => {
    if (!action.renumber) return (await ui.confirm(action.confirm)) && {};
    // The modal's title and text are the bill type's (x-bill.convert), carried by the action.
    const texts = { ...EDITOR_TEXTS.convertConfirm, title: action.confirm.title, description: action.confirm.description ?? '' };
    const date = await askConversion(ui, texts, action.target.roles.billDate.title, localIsoDate(), convertedTo);
    return date === undefined ? false : { date };
  };

  /** A create under a number past the next one asks first; "Use 6" puts the next number in the form. */
  const numberToSave = async (action: ReadyAction, payload: Row): Promise<Row | undefined> => {
    if (mode !== 'create') return payload;
    const { services, ui } = app.current;
    const field = billType.roles.billNumber.name;
    const typed = Number(payload[field]);
    const proposal = action.target === billType ? proposed.current : undefined;
    const series = sellerSeries?.[action.target.type] ?? action.target.series;
    const chosen = await checkNumberGap(services, ui, action.target, series, typed, payload[billType.roles.billDate.name], proposal);
    if (chosen === undefined) return undefined;
    if (chosen === typed) return payload;
    start({ ...data.current, [field]: chosen }, false);
    return { ...payload, [field]: chosen };
  };

  /** The new products and services the save would add, each typo of a saved one asked about; undefined to stop. */
  const withSavedNames = async (payload: Row): Promise<Row | undefined> => {
    const pending = unsavedEntries(billType.root, payload, registry.catalogs, store.find);
    const renames = await askAboutNearNames(app.current.ui, store, pending);
    if (!renames) return undefined;
    if (renames.length === 0) return payload;
    const rename = (value: Row) => renames.reduce((row, { catalog, from, to }) => renameEntry(billType.root, row, catalog, from, to), value);
    start(rename(data.current), false);
    return rename(payload);
  };

  const save = async (action: ReadyAction) => {
    const { services, ui } = app.current;
    const answer = await confirmed(action, ui);
    if (!answer) return;
    const checkedPayload = pickFields(billType.root, data.current);
    const checked = validateBill(props.types, action.target, checkedPayload);
    if (!checked.ok) {
      ui.toastError(EDITOR_TEXTS.checkTitle, checked.msg);
      return;
    }
    // From here the button reads "Generating PDF" and takes no second click (run() lets one save run at a time).
    setBusyAction(action.label);
    // A conversion is dated in its own question; a bill saved with its date asks when that is after today.
    if (!action.renumber && !(await confirmFutureDate(ui, action.target, checkedPayload))) return;
    try {
      const numbered = await numberToSave(action, checkedPayload);
      const payload = numbered && (await withSavedNames(numbered));
      if (!payload) return;
      let body = withLineSerials(action.target, data.current, normalizeBill(action.target, payload));
      if (action.renumber) {
        const target = action.target.roles;
        body = { ...body, [target.billNumber.name]: await nextNumberOn(services, action.target, answer.date), [target.billDate.name]: answer.date };
      }
      // An update of a bill of another year names that year: its number alone may mean this year's bill.
      if (fy && action.method === 'update') body = { ...body, fy };
      const convertedFrom = action.renumber && billno !== undefined ? { billType, billno, ...(fy && { fy }) } : undefined;
      const pdf = await services.submitBill(action.target, action.method, body, convertedFrom);
      onSaved?.(action.target, body);
      // A conversion saves a new bill, not this quotation: its own changes stay unsaved.
      if (convertedFrom) setConvertedTo({ billType: action.target, billno: Number(body[action.target.roles.billNumber.name]) });
      else draft.saved(data.current);
      const fileName = pdf instanceof File && pdf.name ? pdf.name : billPdfFileName(action.target, toStoredBill(action.target, body));
      ui.download(pdf, fileName);
      setBusyAction(undefined);
      const saved = action.target.roles;
      await ui.showSaved(action.target, {
        pdf,
        fileName,
        billno: Number(body[saved.billNumber.name]),
        date: String(body[saved.billDate.name]),
        clientName: String(body[saved.clientName.name] ?? ''),
      });
      // A created bill is done: the screen starts the next one under the next number, showing no form until
      // then, so nothing is typed into the saved bill's form as it is replaced.
      if (mode === 'create') reload();
    } catch (error) {
      setBusyAction(undefined);
      ui.toastError(messageOf(error));
    }
  };

  const { changed, flush, answerOffer } = draft;
  const onChange = useCallback(
    (formData: Row | undefined) => {
      if (!formData) return;
      data.current = formData;
      changed(formData);
    },
    [changed],
  );
  const restoreDraft = useCallback(() => {
    const restored = answerOffer(true);
    // As if typed: the draft may have been kept before the last input was left (its amount not yet computed).
    if (restored) start(recomputedRows(billType.root, restored), false);
  }, [answerOffer, start, billType.root]);
  const discardDraft = useCallback(() => answerOffer(false), [answerOffer]);

  const registerUnsavedCheck = props.registerUnsavedCheck;
  useEffect(() => registerUnsavedCheck?.(flush), [registerUnsavedCheck, flush]);
  const startData = useCallback(() => data.current, []);
  const { saved } = draft;
  const handOver = useCallback(() => saved(data.current), [saved]);
  const toastError = useCallback((...args: Parameters<BillUi['toastError']>) => app.current.ui.toastError(...args), [app]);

  return {
    status,
    busyAction,
    actions: stored.locked ? [] : actionsFor(props),
    printedNo: stored.printedNo,
    locked: stored.locked,
    run,
    onChange,
    toastError,
    retry: reload,
    convertedTo,
    draftOffer: draft.offer,
    restoreDraft,
    discardDraft,
    /** The data a new form starts from: read when a bill has just loaded (a new status version). */
    startData,
    /** The bill moves to another screen with what was typed: nothing is left unsaved here, nor kept as a draft. */
    handOver,
    /** Builds the form again from this data (a picked client's values filled in). */
    restart: start,
  };
}
