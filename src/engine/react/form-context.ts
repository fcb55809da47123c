import type { Registry as FormRegistry } from '@rjsf/utils';
import type { CatalogStore } from '../core/catalog-store';
import type { BillType, Catalog } from '../core/registry/types';
import type { BillUi, CatalogEntry } from './contract';
import type { LiveValue } from './editor/live-value';
import type { Row } from '../core/rows';
import type { ComboboxSource } from './controls/Combobox';
import type { LineStockSource } from './grid/line-stock';

export type EditorMode = 'create' | 'edit';

/**
 * What the bill theme's fields, widgets and templates read from the Form's formContext. It stays the
 * same object for the life of a form: what changes (saved entries) lives in the store.
 */
export interface BillFormContext {
  billType: BillType;
  mode: EditorMode;
  catalogs: Record<string, Catalog>;
  store: CatalogStore;
  /** Saves a new product or service (spec 7: saveproduct ...) and adds it to the store. */
  saveEntry(catalog: Catalog, entry: CatalogEntry): Promise<void>;
  toastError(title: string, message?: string): void;
  /** A question with its own answers (the screen's ui.ask): a new product's name close to a saved one's. */
  ask: BillUi['ask'];
  /** A toast offering to undo what was just done (a removed row), for 5 s; without it nothing is offered. */
  offerUndo?(message: string, undo: () => void): void;
  /** The role of the field that names a client (clients.json's key). */
  clientKeyRole: string;
  /** The saved clients as suggestions of the client name field (clients.json's key role). */
  clients: ComboboxSource;
  /** A saved client was picked: its values fill the bill's fields of the same names (the operator may change them). */
  pickClient(name: string): void;
  /** A stored bill's number as it was printed (its series then): shown under the number on the edit screen. */
  printedNumber?: string;
  /** The form's data as the operator types (a new bill's printed number follows its date). */
  liveData?: LiveValue<Row>;
  /** Issue 48: a sale's stock on hand for its goods lines; undefined for documents that move no stock. */
  lineStock?: LineStockSource;
}

export function billFormContext(registry: FormRegistry): BillFormContext {
  return registry.formContext as BillFormContext;
}
