import { paiseText, toPaise, type BillFigures } from './bill-figures';
import type { BusinessProfile } from './business-profile';
import { stateName } from './gst';
import type { BillType } from './registry/types';

/*
 * Issue 49: a document as a TallyPrime voucher, the rows both the XML import and the Excel import are written from.
 * Tally's sign rule: a debit entry is "deemed positive" and carries a negative amount, a credit a positive one, and
 * a voucher's amounts add up to zero.
 */

/** The ledgers a unit's vouchers name: they must be the ledgers of the accountant's Tally (Business Profile). */
export interface TallyLedgers {
  /** `{rate}` is the GST rate: "Sales @{rate}%" names "Sales @18%". */
  sales: string;
  cgst: string;
  sgst: string;
  igst: string;
  roundOff: string;
  /** Where money received is debited (Cash, or the bank's ledger). */
  receipts: string;
  /** Income tax a client deducted from a payment (issue 46). */
  tds: string;
}

export const DEFAULT_TALLY_LEDGERS: Readonly<TallyLedgers> = {
  sales: 'Sales @{rate}%',
  cgst: 'Output CGST',
  sgst: 'Output SGST',
  igst: 'Output IGST',
  roundOff: 'Round Off',
  receipts: 'Cash',
  tds: 'TDS Receivable',
};

/** The profile's ledger names, each left empty standing for its default. */
type LedgerKey = 'tallySales' | 'tallyCgst' | 'tallySgst' | 'tallyIgst' | 'tallyRoundOff' | 'tallyReceipts' | 'tallyTds';

export function tallyLedgersOf(profile: Pick<BusinessProfile, LedgerKey>): TallyLedgers {
  return {
    sales: profile.tallySales || DEFAULT_TALLY_LEDGERS.sales,
    cgst: profile.tallyCgst || DEFAULT_TALLY_LEDGERS.cgst,
    sgst: profile.tallySgst || DEFAULT_TALLY_LEDGERS.sgst,
    igst: profile.tallyIgst || DEFAULT_TALLY_LEDGERS.igst,
    roundOff: profile.tallyRoundOff || DEFAULT_TALLY_LEDGERS.roundOff,
    receipts: profile.tallyReceipts || DEFAULT_TALLY_LEDGERS.receipts,
    tds: profile.tallyTds || DEFAULT_TALLY_LEDGERS.tds,
  };
}

export type TallyVoucherType = 'Sales' | 'Credit Note' | 'Debit Note' | 'Receipt';

/** A document's voucher type, from its kind's note sign (a credit note takes sales back). */
export function tallyVoucherType(billType: BillType): TallyVoucherType {
  if (!billType.note) return 'Sales';
  return billType.note.sign < 0 ? 'Credit Note' : 'Debit Note';
}

export interface TallyEntry {
  ledger: string;
  /** Tally's signed amount, 2 places: negative for a debit. */
  amount: string;
  /** Yes for a debit. */
  deemedPositive: boolean;
  /** The party's entry names the bill it is (a sale), corrects (a note) or settles (a receipt), with its share. */
  bills?: TallyBill[];
}

export interface TallyBill {
  name: string;
  type: 'New Ref' | 'Agst Ref' | 'On Account';
  /** Tally's signed amount, as the entry's. */
  amount: string;
}

export interface TallyVoucher {
  voucherType: TallyVoucherType;
  /** yyyymmdd */
  date: string;
  number: string;
  party: string;
  partyGstin: string;
  /** The place of supply's state name, as Tally names states. */
  placeOfSupply: string;
  cancelled: boolean;
  /** None for a cancelled voucher. */
  entries: TallyEntry[];
}

export interface TallyDocument {
  billType: BillType;
  /** YYYY-MM-DD */
  date: string;
  number: string;
  party: string;
  figures: BillFigures;
  cancelled: boolean;
  /** A note's original's printed number. */
  against?: string;
}

/** Sums by GST rate of the taxable values, in paise, in the order the rates first appear. */
function taxableByRate(figures: BillFigures): Map<string, number> {
  const rates = new Map<string, number>();
  for (const line of figures.taxLines) rates.set(line.rate, (rates.get(line.rate) ?? 0) + toPaise(line.taxable));
  return rates;
}

/**
 * A document as a voucher: the party debited with the grand total for a sale or debit note (credited for a credit
 * note), the sales ledger of each rate, CGST, SGST, IGST and the round-off on the other side, in whole paise so the
 * entries add up to zero exactly.
 */
export function tallyVoucher(document: TallyDocument, ledgers: TallyLedgers): TallyVoucher {
  const { billType, figures } = document;
  const voucherType = tallyVoucherType(billType);
  // Credits are positive; a credit note swaps every side.
  const side = voucherType === 'Credit Note' ? -1 : 1;
  const entry = (ledger: string, paise: number, bill?: Omit<TallyBill, 'amount'>): TallyEntry => ({
    ledger,
    amount: paiseText(side * paise),
    deemedPositive: side * paise < 0,
    ...(bill && { bills: [{ ...bill, amount: paiseText(side * paise) }] }),
  });
  const bill: Omit<TallyBill, 'amount'> = document.against ? { name: document.against, type: 'Agst Ref' } : { name: document.number, type: 'New Ref' };
  const others: [string, number][] = [
    ...[...taxableByRate(figures)].map(([rate, paise]): [string, number] => [ledgers.sales.replaceAll('{rate}', rate), paise]),
    [ledgers.cgst, toPaise(figures.cgst)],
    [ledgers.sgst, toPaise(figures.sgst)],
    [ledgers.igst, toPaise(figures.igst)],
    [ledgers.roundOff, toPaise(figures.roundOff)],
  ];
  const credited = others.filter(([, paise]) => paise !== 0);
  const grandTotal = credited.reduce((total, [, paise]) => total + paise, 0);
  return {
    voucherType,
    date: document.date.replaceAll('-', ''),
    number: document.number,
    party: document.party,
    partyGstin: figures.buyerGstin,
    placeOfSupply: stateName(figures.placeOfSupply) ?? '',
    cancelled: document.cancelled,
    entries: document.cancelled ? [] : [entry(document.party, -grandTotal, bill), ...credited.map(([ledger, paise]) => entry(ledger, paise))],
  };
}

/** A payment received, in whole paise: what came in, the TDS deducted, and the bills it settles. */
export interface TallyReceiptDocument {
  /** YYYY-MM-DD */
  date: string;
  number: string;
  party: string;
  amount: number;
  tds: number;
  /** Each settled bill's printed number and share. */
  settles: { name: string; amount: number }[];
}

/**
 * A payment as a Receipt voucher: the money ledger (and the TDS ledger) debited, the party credited with both, its
 * bill allocations naming each bill settled and what is left on account.
 */
export function tallyReceipt(document: TallyReceiptDocument, ledgers: TallyLedgers): TallyVoucher {
  const credited = document.amount + document.tds;
  const settled = document.settles.reduce((total, bill) => total + bill.amount, 0);
  const bills: TallyBill[] = [
    ...document.settles.map((bill): TallyBill => ({ name: bill.name, type: 'Agst Ref', amount: paiseText(bill.amount) })),
    ...(credited > settled ? [{ name: document.number, type: 'On Account' as const, amount: paiseText(credited - settled) }] : []),
  ];
  const debit = (ledger: string, paise: number): TallyEntry => ({ ledger, amount: paiseText(-paise), deemedPositive: true });
  return {
    voucherType: 'Receipt',
    date: document.date.replaceAll('-', ''),
    number: document.number,
    party: document.party,
    partyGstin: '',
    placeOfSupply: '',
    cancelled: false,
    entries: [
      debit(ledgers.receipts, document.amount),
      ...(document.tds > 0 ? [debit(ledgers.tds, document.tds)] : []),
      { ledger: document.party, amount: paiseText(credited), deemedPositive: false, bills },
    ],
  };
}

