import type { BillType, Catalog } from '../core/registry/types';
import type { Registry } from '../core/registry/registry';
import type { Row } from '../core/rows';
import type { CatalogEntry } from '../core/catalog-store';

/**
 * What the generic bill screens need from the application, so the engine's React side never imports
 * the app (DESIGN.md): the app implements these over its API client, modals and toasts.
 */

export type { CatalogEntry } from '../core/catalog-store';

export type SaveMethod = 'create' | 'update';

/** A stored bill: its type and number. */
export interface BillRef {
  billType: BillType;
  billno: number;
}

export interface BillServices {
  /** The type's last bill number + 1 (spec 4). */
  nextBillNumber(billType: BillType): Promise<number>;
  catalogEntries(catalog: Catalog): Promise<CatalogEntry[]>;
  saveCatalogEntry(catalog: Catalog, entry: CatalogEntry): Promise<void>;
  /**
   * Sends the bill to its create endpoint; resolves with the PDF. Rejects with an Error whose message is the
   * server's msg. `convertedFrom` names the quotation a conversion comes from, so the server audits a convert.
   */
  submitBill(billType: BillType, method: SaveMethod, payload: Row, convertedFrom?: BillRef): Promise<Blob>;
  /**
   * The saved clients (clients.json), each keyed by bill field names (client name, address, GSTIN ...), for the
   * client name's suggestions; picking one fills the bill's fields of the same names.
   */
  savedClients?(): Promise<Row[]>;
  /** A stored bill (bill number field under `billno`, lines under the rows field), or null when not found. */
  loadBill(billType: BillType, billno: number): Promise<Row | null>;
}

export interface ConfirmOptions {
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
}

export interface BillUi {
  /** The confirmation modal; resolves true on confirm, false on cancel or an overlay click. */
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** An error toast at the top for 5 s: title (e.g. "Empty field") and message. */
  toastError(title: string, message?: string): void;
  /** Saves the PDF to the operator's device under this file name. */
  download(pdf: Blob, fileName: string): void;
  /** The "PDF Generated" modal with the type's success text and an Okay button; resolves when closed. */
  showSaved(billType: BillType): Promise<void>;
}

export interface BillScreenProps {
  registry: Registry;
  billType: BillType;
  services: BillServices;
  ui: BillUi;
}
