import type { SellerProfile } from '../core/business-profile';
import type { BillType, BillTypeEntry, Catalog } from '../core/registry/types';
import type { Registry, RegistryIndex } from '../core/registry/registry';
import type { Row } from '../core/rows';
import type { CatalogEntry } from '../core/catalog-store';

/**
 * What the generic bill screens need from the application, so the engine's React side never imports
 * the app (DESIGN.md): the app implements these over its API client, modals and toasts.
 */

export type { CatalogEntry } from '../core/catalog-store';

export type SaveMethod = 'create' | 'update';

/** A stored bill: its type and number, and its financial year ("2025-26") when it is not this one. */
export interface BillRef {
  billType: BillTypeEntry;
  billno: number;
  fy?: string;
}

export interface BillServices {
  /**
   * The type's last bill number + 1 (spec 4): in the financial year of `date` (default today) when its series
   * restarts every 1 April.
   */
  nextBillNumber(billType: BillTypeEntry, date?: string): Promise<number>;
  catalogEntries(catalog: Catalog): Promise<CatalogEntry[]>;
  saveCatalogEntry(catalog: Catalog, entry: CatalogEntry): Promise<void>;
  /**
   * Sends the bill to its create endpoint; resolves with the PDF (a File named as the server names it, where
   * it says). Rejects with an Error whose message is the server's msg. `convertedFrom` names the quotation a
   * conversion comes from, so the server audits a convert. An update of a bill of another year carries `fy`.
   */
  submitBill(billType: BillType, method: SaveMethod, payload: Row, convertedFrom?: BillRef): Promise<Blob>;
  /**
   * The saved clients (clients.json), each keyed by bill field names (client name, address, GSTIN ...), for the
   * client name's suggestions; picking one fills the bill's fields of the same names.
   */
  savedClients?(): Promise<Row[]>;
  /**
   * A stored bill (bill number field under `billno`, lines under the rows field, its year under `fy` and its
   * printed number under `printedno`), or null when not found; `fy` names a year other than this one.
   */
  loadBill(billType: BillTypeEntry, billno: number, fy?: string): Promise<Row | null>;
  /**
   * The unit's saved business profile, for the letterhead on the screen; without it (or until it answers)
   * the screen shows the unit's units.json letterhead.
   */
  sellerProfile?(unit: string): Promise<SellerProfile>;
  /**
   * The last day of the last month whose GSTR-1 the unit has filed ('' when none): its sales bills dated on or
   * before it open read-only (issue 27).
   */
  filedUpTo?(unit: string): Promise<string>;
  /**
   * Why the signed-in operator may not create or change bills of this type (their role or units, issue 45), or
   * undefined when they may: the screen then opens read-only, without its save buttons.
   */
  mayNotChange?(billType: BillTypeEntry): string | undefined;
  /** Issue 48: a unit's stocked products with what is on hand, for a sale's lines ("12 left"). */
  stockOnHand?(unit: string): Promise<StockedProduct[]>;
  /** Issue 48: a serialised product's serial numbers in the unit's stock, for a sale's line to pick from. */
  serialsInStock?(unit: string, product: string): Promise<string[]>;
}

/** A stocked product as a sale's line reads it: what is left and its unit; a serialised one's pieces are picked. */
export interface StockedProduct {
  product: string;
  qty: number | string;
  per: string;
  serialised: boolean;
}

export interface ConfirmOptions {
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
}

/** One button of a question: its label and the answer it gives. */
export interface AskChoice<T extends string> {
  label: string;
  value: T;
  tone?: 'primary' | 'plain';
}

/** A question with its own answers (not just yes / no), and optionally a date to change before answering. */
export interface AskOptions<T extends string> {
  title: string;
  description: string;
  /** Left to right; the last one is focused. */
  choices: AskChoice<T>[];
  /** A date input (ISO yyyy-mm-dd) shown in the modal, answered with the choice. */
  date?: { label: string; value: string };
}

export interface AskAnswer<T extends string> {
  choice: T;
  date?: string;
}

/** Unsaved bills kept in the browser, by key (unit, bill type, bill number or "new"). */
export interface SavedDraft {
  /** The form's data as the operator left it. */
  data: Row;
  /** When it was last written (epoch ms). */
  savedAt: number;
}

export interface DraftStore {
  /** The newest draft kept for the screen, of every copy the store holds. */
  load(key: string): Promise<SavedDraft | undefined>;
  save(key: string, draft: SavedDraft): Promise<void>;
  /**
   * Keeps `draft` before this call returns: the page may be gone before an asynchronous write finishes
   * (a reload, a closed tab), so what the operator typed last must not depend on one.
   */
  keepNow?(key: string, draft: SavedDraft): void;
  clear(key: string): Promise<void>;
}

/** The PDF a save produced and the name it was downloaded under. */
export interface SavedPdf {
  pdf: Blob;
  fileName: string;
  /** The saved bill: its number and date (its financial year's), for what the app offers next (Send by e-mail). */
  billno?: number;
  date?: string;
  /** Who it was made out to, for what the app offers next (Record Payment of a sales bill). */
  clientName?: string;
}

export interface BillUi {
  /** The confirmation modal; resolves true on confirm, false on cancel or an overlay click. */
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** A modal with its own answers; resolves undefined when dismissed (overlay click, Escape). */
  ask<T extends string>(options: AskOptions<T>): Promise<AskAnswer<T> | undefined>;
  /** An error toast at the top for 5 s: title (e.g. "Empty field") and message. */
  toastError(title: string, message?: string): void;
  /** Issue 30: a toast for 5 s saying what was just done (a removed line) with an Undo button that calls `undo`. */
  offerUndo?(message: string, undo: () => void): void;
  /** Saves the PDF to the operator's device under this file name. */
  download(pdf: Blob, fileName: string): void;
  /**
   * The "PDF Generated" modal with the type's success text and an Okay button (and Preview Bill, showing the
   * saved PDF, on a type with x-bill.successPreview); resolves when closed.
   */
  showSaved(billType: BillTypeEntry, saved: SavedPdf): Promise<void>;
  /**
   * Opens the create screen of another bill type starting from this data (given to it as the screen's
   * initialData): a tax invoice's typed bill moving to the walk-in type (x-bill.unregisteredAs). Without it the
   * screen offers no such move.
   */
  openCreate?(billType: BillTypeEntry, initialData: Row): void;
}

/**
 * The bill types a screen works with, read whole: its own is given (`billType`); another (the type a quotation
 * converts to, the walk-in type a bill moves to) is loaded when the operator acts, with its validator.
 */
export interface BillTypes extends Pick<Registry, 'validatorFor'> {
  load(billType: BillTypeEntry): Promise<BillType>;
}

export interface BillScreenProps {
  /** Every bill type's entry (labels, routes, roles), the units, catalogs and saved clients. */
  registry: RegistryIndex;
  types: BillTypes;
  billType: BillType;
  services: BillServices;
  ui: BillUi;
  /** Where unsaved bills are kept as the operator types; without it the screen keeps none. */
  drafts?: DraftStore;
  /**
   * Given, once, the screen's "are there unsaved changes?" check, for the app to ask before the operator
   * leaves (its menus and links, closing the tab). Calling it also writes the pending draft at once.
   */
  registerUnsavedCheck?(check: () => boolean): void;
  /**
   * A create screen's start, carried over from another screen (ui.openCreate): the new bill is this data over a
   * blank one, so the type's next number, today's date and its own default place of supply still apply.
   */
  initialData?: Row;
}
