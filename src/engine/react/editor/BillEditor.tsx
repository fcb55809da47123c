import { useCallback, useEffect, useMemo, useRef } from 'react';
import { copiedAsNew } from '../../core/bill-data';
import { createLineStock } from '../grid/line-stock';
import { sellerStateCode } from '../../core/business-profile';
import type { Row } from '../../core/rows';
import type { BillType } from '../../core/registry/types';
import { entriesNamedIn } from '../../core/row-ops';
import { SellerContext, useSellerProfile } from '../templates/seller-context';
import { BillForm, formValidator, uiSchemaFor, type BillFormContext } from '../theme';
import { BillFooter } from './BillFooter';
import { createLiveValue } from './live-value';
import { convertedText } from './conversion';
import { DraftOffer } from './DraftOffer';
import { ScreenMessage } from './ScreenMessage';
import { useBillEditor, type BillEditorProps } from './useBillEditor';
import { useCatalogStore } from './useCatalogStore';
import { useFieldUndo } from './useFieldUndo';
import { useKeyboardFirst } from './useKeyboardFirst';
import { useSavedClients } from './useSavedClients';
import { offerUnregistered } from './unregistered-offer';
import { messageOf } from '../errors';

/**
 * Rows come from the bill or the grid, never from schema defaults: telling rjsf so spares it a walk
 * over every row on each keystroke (the main cost of a change in a 300-line bill).
 */
const DEFAULTS_BEHAVIOR = { arrayMinItems: { populate: 'never' } } as const;

/**
 * The generic create / edit / convert screen of any bill type, rendered from its schema. The app gives
 * it the registry, the bill type of the route, its services and ui (contract.ts), and for edit the billno.
 */
export function BillEditor(props: BillEditorProps) {
  const { registry, types, billType, services, ui, mode } = props;
  const { store, saveEntry } = useCatalogStore(registry, billType, services, ui);
  // The server saved every line's product and service with the bill: the suggestions learn them at once.
  const learnSaved = useCallback(
    (saved: BillType, body: Row) => store.learn(entriesNamedIn(saved.root, body, registry.catalogs)),
    [store, registry],
  );
  const seller = useSellerProfile(services, billType.unit);
  const editor = useBillEditor(props, store, learnSaved, seller?.series);
  const { status, onChange, toastError, startData: currentData, restart, handOver } = editor;
  const clients = useSavedClients(registry, billType, services);
  const pickClient = useCallback(
    (name: string) => {
      const values = clients.valuesOf(name);
      if (!values) return;
      void offerUnregistered(registry, types, billType, ui, currentData(), values).then((move) => {
        if (move) {
          // What was typed moves to the type for unregistered buyers: nothing is left unsaved here.
          handOver();
          ui.openCreate?.(move.target, move.initialData);
        } else {
          // The form keeps its own state, so a pick builds it again with the client's values over the bill's.
          restart({ ...currentData(), ...values });
        }
      }, (error: unknown) => ui.toastError(messageOf(error)));
    },
    [clients, registry, types, billType, ui, currentData, restart, handOver],
  );
  // The form's data as the operator types, for the live totals (read when the browser is idle) and the number's note.
  const live = useMemo(() => createLiveValue<Row>({}), []);
  const uiSchema = useMemo(() => uiSchemaFor(billType, mode), [billType, mode]);
  // Read when the lines first ask for stock, as the form mounts: on an edit screen, the bill as loaded.
  const lineStock = useMemo(
    () => createLineStock(services, billType, registry.catalogs, mode === 'edit' ? currentData : undefined),
    [services, billType, registry.catalogs, mode, currentData],
  );
  const formContext = useMemo<BillFormContext>(
    () => ({
      billType,
      mode,
      catalogs: registry.catalogs,
      store,
      saveEntry,
      toastError,
      ask: ui.ask,
      offerUndo: ui.offerUndo,
      clients: clients.source,
      clientKeyRole: clients.keyRole,
      pickClient,
      printedNumber: editor.printedNo,
      liveData: live,
      lineStock,
    }),
    [billType, mode, registry, store, saveEntry, toastError, ui.ask, ui.offerUndo, clients, pickClient, editor.printedNo, live, lineStock],
  );
  const version = status.kind === 'ready' ? status.version : -1;
  const startData = editor.startData;
  useEffect(() => {
    if (version >= 0) live.set(startData());
  }, [version, live, startData]);
  const screen = useRef<HTMLDivElement>(null);
  useFieldUndo(screen, version);
  useKeyboardFirst(screen, version, () => {
    const [first] = editor.actions;
    if (first && editor.busyAction === undefined) void editor.run(first);
  });
  const onFormChange = useCallback(
    (formData: Row | undefined) => {
      onChange(formData);
      if (formData) live.set(formData);
    },
    [onChange, live],
  );

  // The form is uncontrolled: built once per loaded bill, it keeps its own state while the screen
  // re-renders around it (a save starting), and reports each change to the editor.
  const form = useMemo(
    () =>
      version < 0 ? null : (
        <BillForm
          key={`${billType.type}-${version}`}
          className="bill-editor__form"
          idPrefix={`bill-${billType.type}`}
          schema={billType.schema}
          uiSchema={uiSchema}
          validator={formValidator}
          formData={editor.startData()}
          formContext={formContext}
          onChange={(event) => onFormChange(event.formData as Row | undefined)}
          noValidate
          showErrorList={false}
          experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOR}
        />
      ),
    [version, billType, uiSchema, formContext, onFormChange],
  );

  // Any bill of a type with its own create screen may start another (a note names the bill it corrects, so not notes).
  const copyable = mode === 'edit' && ui.openCreate && !billType.note && !services.mayNotChange?.(billType);
  const onCopy = copyable ? () => ui.openCreate?.(billType, copiedAsNew(billType, currentData())) : undefined;

  if (status.kind !== 'ready') {
    return <ScreenMessage status={status} billType={billType} billno={props.mode === 'edit' ? props.billno : undefined} onRetry={editor.retry} />;
  }
  return (
    <div className="bill-editor" ref={screen}>
      {editor.draftOffer && <DraftOffer draft={editor.draftOffer} onRestore={editor.restoreDraft} onDiscard={editor.discardDraft} />}
      {editor.locked && (
        <p className="bill-editor__locked" role="status">
          {editor.locked} This bill opens read-only.
        </p>
      )}
      {editor.convertedTo && (
        <p className="bill-editor__converted" role="status">
          {convertedText(editor.convertedTo)}
        </p>
      )}
      {/* A bill of a filed month is shown, not changed: nothing in it takes focus or input. */}
      <SellerContext.Provider value={seller}>{editor.locked ? <div inert>{form}</div> : form}</SellerContext.Provider>
      <BillFooter billType={billType} live={live} sellerState={sellerStateCode(billType.unitInfo, seller)} actions={editor.actions} busyAction={editor.busyAction} onRun={editor.run} onCopy={onCopy} />
    </div>
  );
}
