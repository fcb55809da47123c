import type { AxiosInstance } from 'axios';
import { fileNameOf } from '../api/bill-services';
import { stockPath } from './stock-paths';

/** A stocked product of a unit as getstock answers it (issue 48; docs/api.md). */
export interface StockRow {
  unit: string;
  product: string;
  per: string;
  qty: number | string;
  reorderlevel: number | string;
  rate: number | string;
  value: number | string;
  low: boolean;
  serialised: boolean;
}

export type MovementKind = 'opening' | 'purchase' | 'sale' | 'return' | 'adjustment';

/** The document a movement came with: a bill (type and number) or a purchase or adjustment (its id). */
export interface MovementDoc {
  type: string;
  billno?: number | string;
  id?: string | number;
  label: string;
}

export interface StockMovement {
  date: string;
  kind: MovementKind;
  reason?: string;
  doc?: MovementDoc;
  party?: string;
  qtyin: number | string;
  qtyout: number | string;
  balance: number | string;
}

export interface StockMovements {
  product: string;
  opening: number | string;
  closing: number | string;
  movements: StockMovement[];
}

export type SerialStatus = 'instock' | 'sold';

export interface SerialRow {
  serial: string;
  status: SerialStatus;
  came: { kind: string; label: string; date: string };
  went?: { type: string; billno: number | string; id?: string | number; client: string; billdate: string };
}

export interface PurchaseLine {
  product: string;
  qty: string;
  rate: string;
  taxrate: string;
  tax?: string;
  serials?: string[];
}

export interface Purchase {
  unit: string;
  id?: string | number;
  supplier: string;
  suppliergstin?: string;
  supplierbillno: string;
  supplierbilldate: string;
  lines: PurchaseLine[];
}

export interface SavedPurchase extends Purchase {
  id: string | number;
  taxable: number | string;
  tax: number | string;
  total: number | string;
}

export const ADJUSTMENT_REASONS = [
  { value: 'lost', label: 'Lost' },
  { value: 'stolen', label: 'Stolen' },
  { value: 'destroyed', label: 'Destroyed' },
  { value: 'writtenoff', label: 'Written off' },
  { value: 'gift', label: 'Gift' },
  { value: 'found', label: 'Found/counted' },
] as const;

export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number]['value'];

export interface StockAdjustment {
  unit: string;
  product: string;
  date: string;
  reason: AdjustmentReason;
  qty: string;
  serials?: string[];
  note: string;
}

export interface Period {
  from: string;
  to: string;
}

export type RegisterFormat = 'csv' | 'xlsx' | 'pdf';

export interface StockFile {
  blob: Blob;
  fileName: string;
}

/** The stock screens' calls (issue 48): stock on hand, a product's movements and serials, purchases, adjustments. */
export interface StockApi {
  stock(unit: string): Promise<StockRow[]>;
  movements(unit: string, product: string): Promise<StockMovements>;
  serials(unit: string, product: string, status?: SerialStatus): Promise<SerialRow[]>;
  purchases(unit: string): Promise<SavedPurchase[]>;
  /** Resolves with the server's msg. */
  savePurchase(purchase: Purchase): Promise<string>;
  deletePurchase(id: string | number): Promise<string>;
  purchaseRegister(unit: string, format: 'csv' | 'xlsx'): Promise<StockFile>;
  adjust(adjustment: StockAdjustment): Promise<string>;
  register(unit: string, period: Period, format: RegisterFormat): Promise<StockFile>;
}

const FILE_REQUEST = { responseType: 'blob', headers: { Accept: '*/*' } } as const;

export function createStockApi(http: AxiosInstance): StockApi {
  const post = async <T>(name: string, body: object) => (await http.post<T>(stockPath(name), body)).data;
  const file = async (name: string, body: object, fallback: string): Promise<StockFile> => {
    const answer = await http.post<Blob>(stockPath(name), body, FILE_REQUEST);
    return { blob: answer.data, fileName: fileNameOf(answer.headers['content-disposition']) ?? fallback };
  };
  return {
    stock: async (unit) => (await post<{ stock: StockRow[] }>('getstock', { unit })).stock,
    movements: (unit, product) => post<StockMovements>('getstockmovements', { unit, product }),
    serials: async (unit, product, status) => (await post<{ serials: SerialRow[] }>('getserials', { unit, product, ...(status && { status }) })).serials,
    purchases: async (unit) => (await post<{ purchases: SavedPurchase[] }>('getpurchases', { unit })).purchases,
    savePurchase: async (purchase) => (await post<{ msg: string }>('savepurchase', purchase)).msg,
    deletePurchase: async (id) => (await post<{ msg: string }>('deletepurchase', { id })).msg,
    purchaseRegister: (unit, format) => file('getpurchases', { unit, format }, `Purchases_${unit}.${format}`),
    adjust: async (adjustment) => (await post<{ msg: string }>('savestockadjustment', adjustment)).msg,
    register: (unit, period, format) => file('stockregister', { unit, ...period, format }, `StockRegister_${unit}.${format}`),
  };
}
