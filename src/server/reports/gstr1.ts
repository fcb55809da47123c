import {
  addDays,
  b2clLimit,
  fromPaise,
  hsnSplitByBuyer,
  DOCUMENT_ROWS,
  isValidGstin,
  taxOn,
  toDecimal,
  toPaise,
  paiseToNumber,
  portalDate,
  sellerGstin,
  sellerStateCode,
  stateCodeOf,
  type Period,
  type Registry,
  type SellerProfile,
  type Unit,
} from '../../engine/core';
import type { HsnRow, InvoiceRateRow, SalesReportStore, SalesScope, SeriesRow } from '../storage/sales-reports';
import { advanceTable, advancesReceived, advancesSettled, type AdvanceSettlement } from './gstr1-advances';
import { advanceScope, noteTypesOf, quantityText, salesScope, salesTypesOf, salesWithNotesScope } from './scope';

/**
 * The portal's place of supply ("Other Territory") of IGST figures without a GSTIN or stored place to name the
 * state: figures stored before migration 0013, until start-up computes them again.
 */
const UNKNOWN_STATE = '97';
const INVOICE_NUMBER_LENGTH = 16;
/** Before any bill the tool keeps (bill dates run from 2000): where advances adjusted later are looked up from. */
const FIRST_DAY = '2000-01-01';
const DESCRIPTION_LENGTH = 30;

const amount = paiseToNumber;

/** The items by key, in first-seen order (appended in place: a month holds thousands of invoices a buyer). */
function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

/** One rate of one invoice, its tax by the core's rule (taxOn, once per rate of a bill), in whole paise. */
interface RateRow {
  rate: string;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

interface Invoice {
  id: number;
  type: string;
  /** The printed number (its series filled in): unique across the unit's series in a year, as the portal needs. */
  inum: string;
  billDate: string;
  rows: RateRow[];
  gstin: string;
  pos: string;
  total: number;
}

function rateRow(row: InvoiceRateRow, intraState: boolean): RateRow {
  const tax = taxOn(fromPaise(row.taxable), toDecimal(row.rate), intraState);
  return { rate: row.rate, taxable: row.taxable, cgst: toPaise(tax.central), sgst: toPaise(tax.state), igst: toPaise(tax.integrated) };
}

function invoicesOf(rates: InvoiceRateRow[], sellerState: string): Invoice[] {
  return [...groupBy(rates, (row) => row.id).values()].map((rows) => {
    const first = rows[0];
    const pos = first.placeOfSupply || stateCodeOf(first.clientGstin) || UNKNOWN_STATE;
    const sorted = rows.sort((a, b) => Number(a.rate) - Number(b.rate));
    return {
      id: first.id,
      type: first.type,
      inum: first.printedNo.slice(0, INVOICE_NUMBER_LENGTH),
      billDate: first.billDate,
      rows: sorted.map((row) => rateRow(row, pos === sellerState)),
      gstin: first.clientGstin,
      pos,
      total: first.grandTotal,
    };
  });
}

/** The invoice fields every section shares; `inum` is the printed number (the portal allows 16 characters). */
function invoiceHead(invoice: Invoice) {
  return {
    inum: invoice.inum,
    idt: portalDate(invoice.billDate),
    val: amount(invoice.total),
  };
}

const itemsOf = (invoice: Invoice, interStateOnly = false) =>
  invoice.rows.map((row, i) => ({
    num: i + 1,
    itm_det: interStateOnly
      ? { txval: amount(row.taxable), rt: Number(row.rate), iamt: amount(row.igst), csamt: 0 }
      : {
          txval: amount(row.taxable),
          rt: Number(row.rate),
          iamt: amount(row.igst),
          camt: amount(row.cgst),
          samt: amount(row.sgst),
          csamt: 0,
        },
  }));

function b2bOf(invoices: Invoice[]) {
  return [...groupBy(invoices, (invoice) => invoice.gstin).entries()].map(([ctin, list]) => ({
    ctin,
    inv: list.map((invoice) => ({
      ...invoiceHead(invoice),
      pos: invoice.pos,
      rchrg: 'N',
      inv_typ: 'R',
      itms: itemsOf(invoice),
    })),
  }));
}

function b2clOf(invoices: Invoice[]) {
  return [...groupBy(invoices, (invoice) => invoice.pos).entries()].map(([pos, list]) => ({
    pos,
    inv: list.map((invoice) => ({ ...invoiceHead(invoice), itms: itemsOf(invoice, true) })),
  }));
}

/** Small B2C supplies, summed per supply type, place of supply and rate. */
function b2csOf(invoices: Invoice[], sellerState: string) {
  const sums = new Map<string, { sply_ty: string; pos: string; rt: number; txval: number; iamt: number; camt: number; samt: number }>();
  for (const invoice of invoices) {
    const supply = invoice.pos === sellerState ? 'INTRA' : 'INTER';
    for (const row of invoice.rows) {
      const key = `${supply}/${invoice.pos}/${row.rate}`;
      const sum = sums.get(key) ?? { sply_ty: supply, pos: invoice.pos, rt: Number(row.rate), txval: 0, iamt: 0, camt: 0, samt: 0 };
      sum.txval += row.taxable;
      sum.iamt += row.igst;
      sum.camt += row.cgst;
      sum.samt += row.sgst;
      sums.set(key, sum);
    }
  }
  // The portal's form: IGST on inter-state rows, CGST + SGST on intra-state ones.
  return [...sums.values()].map((sum) => ({
    sply_ty: sum.sply_ty,
    rt: sum.rt,
    typ: 'OE',
    pos: sum.pos,
    txval: amount(sum.txval),
    ...(sum.sply_ty === 'INTER' ? { iamt: amount(sum.iamt) } : { camt: amount(sum.camt), samt: amount(sum.samt) }),
    csamt: 0,
  }));
}

const hsnEntries = (rows: HsnRow[]) =>
  rows.map((row, i) => ({
    num: i + 1,
    hsn_sc: row.hsn,
    desc: row.description.trim().slice(0, DESCRIPTION_LENGTH).trim(),
    uqc: row.uqc,
    // The portal takes quantities with at most 2 decimal places.
    qty: Number(toDecimal(quantityText(row.qtyMicro)).round(2).toFixed()),
    rt: Number(row.rate),
    txval: amount(row.taxable),
    iamt: amount(row.igst),
    camt: amount(row.cgst),
    samt: amount(row.sgst),
    csamt: 0,
  }));

const isB2b = (gstin: string) => isValidGstin(gstin);

/** b2cl: an inter-state invoice to a buyer without a GSTIN above the limit of its date (rupees). */
const isLarge = (sellerState: string) => (bill: { pos: string; total: number; billDate: string }) =>
  bill.pos !== sellerState && bill.total > b2clLimit(bill.billDate) * 100;

/** A note with its GSTR-1 type (its kind's, KIND_FACTS). */
interface Note extends Invoice {
  ntty: 'C' | 'D';
}

/** The fields every note section shares: the note's own number, date and value, amounts positive. */
const noteHead = (note: Note) => ({ ntty: note.ntty, nt_num: note.inum, nt_dt: portalDate(note.billDate), val: amount(note.total) });

/** cdnr: the notes to registered buyers, per buyer GSTIN. */
function cdnrOf(notes: Note[]) {
  return [...groupBy(notes, (note) => note.gstin).entries()].map(([ctin, list]) => ({
    ctin,
    nt: list.map((note) => ({ ...noteHead(note), pos: note.pos, rchrg: 'N', inv_typ: 'R', itms: itemsOf(note) })),
  }));
}

/** cdnur: the notes to buyers without a GSTIN whose original was reported invoice by invoice (b2cl). */
const cdnurOf = (notes: Note[]) => notes.map((note) => ({ typ: 'B2CL', ...noteHead(note), pos: note.pos, itms: itemsOf(note, true) }));

/** A credit note's rates taken off b2cs's sums (negative), a debit note's added. */
const netted = (note: Note): Invoice => {
  if (note.ntty === 'D') return note;
  return { ...note, rows: note.rows.map((row) => ({ rate: row.rate, taxable: -row.taxable, cgst: -row.cgst, sgst: -row.sgst, igst: -row.igst })) };
};

/**
 * The period's notes by where GSTR-1 reports them: to a registered buyer in cdnr; to another buyer in cdnur when
 * the bill it corrects was a b2cl invoice, else netted into b2cs (a credit note's figures negative).
 */
async function notesOf(store: SalesReportStore, registry: Registry, unit: Unit, scope: SalesScope, sellerState: string) {
  const noteTypes = noteTypesOf(registry, unit);
  const noteScope = { ...scope, types: noteTypes.map((b) => b.type) };
  const ntty = new Map(noteTypes.map((b) => [b.type, b.note!.gstr1NoteType]));
  const notes: Note[] = invoicesOf(await store.invoiceRates(noteScope), sellerState).map((note) => ({ ...note, ntty: ntty.get(note.type)! }));
  const originals = new Map((await store.noteOriginals(noteScope)).map((o) => [o.noteId, o]));
  const originalIsLarge = (note: Note) => {
    const original = originals.get(note.id);
    if (!original) return false;
    const pos = original.placeOfSupply || stateCodeOf(original.clientGstin) || UNKNOWN_STATE;
    return isLarge(sellerState)({ pos, total: original.grandTotal, billDate: original.billDate });
  };
  const unregistered = notes.filter((note) => !isB2b(note.gstin));
  return {
    cdnr: cdnrOf(notes.filter((note) => isB2b(note.gstin))),
    cdnur: cdnurOf(unregistered.filter(originalIsLarge)),
    b2cs: unregistered.filter((note) => !originalIsLarge(note)).map(netted),
  };
}

/** doc_issue's documents of one kind: a row per series, deleted ones counted as cancelled. */
const docsOf = (series: SeriesRow[]) =>
  series.map((s, i) => ({ num: i + 1, from: s.first, to: s.last, totnum: s.count, cancel: s.cancelled, net_issue: s.count - s.cancelled }));

/**
 * doc_issue's rows of the documents other than sales its kind reports there (x-bill.kind: Debit Note 4, Credit Note
 * 5, Receipt voucher 6): each such type's series in the period, as invoices are counted.
 */
async function otherDocuments(store: SalesReportStore, registry: Registry, scope: SalesScope) {
  const reported = registry.billTypes.filter((b) => b.unit === scope.unit && !b.countsAsSales && DOCUMENT_ROWS[b.kind]);
  const rows = [];
  for (const billType of reported) {
    const series = await store.series({ ...scope, types: [billType.type] });
    if (!series.length) continue;
    rows.push({ ...DOCUMENT_ROWS[billType.kind]!, docs: docsOf(series) });
  }
  return rows.sort((a, b) => a.doc_num - b.doc_num);
}

/**
 * A unit's GSTR-1 for a return period in the GST portal's offline-tool JSON, from the bills' stored figures
 * (the PDFs' own): invoices to registered buyers (b2b) rate by rate, sales to others (b2cl above the limit of
 * the invoice's date when inter-state, else summed in b2cs, by the stored place of supply), the HSN summary
 * (hsn.data before the May 2025 return, hsn_b2b / hsn_b2c from it), and the documents issued per numbering
 * series and year with deleted bills counted as cancelled, each invoice by its printed number (each series'
 * format keeps them apart). Credit and debit notes (issue 28): cdnr, cdnur or netted into b2cs (notesOf), and the
 * HSN summary net of them. Advances (issue 46): `at` and `txpd` from the receipt vouchers and the adjustments dated
 * in the period (`advancesSettledInPeriod`, storage/advances.ts). The seller (GSTIN, state) is the unit's saved business profile, as on its PDFs.
 */
export async function gstr1(
  store: SalesReportStore,
  registry: Registry,
  unit: Unit,
  fp: string,
  period: Period,
  seller?: SellerProfile,
  advancesSettledInPeriod: AdvanceSettlement[] = [],
) {
  const scope = salesScope(registry, unit, period);
  const sellerState = sellerStateCode(unit, seller);
  const invoices = invoicesOf(await store.invoiceRates(scope), sellerState);
  const b2b = invoices.filter((invoice) => isB2b(invoice.gstin));
  const b2c = invoices.filter((invoice) => !isB2b(invoice.gstin));
  const large = isLarge(sellerState);
  const notes = await notesOf(store, registry, unit, scope, sellerState);
  const withNotes = salesWithNotesScope(registry, unit, period);
  const labels = new Map(salesTypesOf(registry, unit).map((b, i) => [b.type, i]));
  const series = (await store.series(scope)).sort((a, b) => (labels.get(a.type) ?? 0) - (labels.get(b.type) ?? 0));
  const otherRows = await otherDocuments(store, registry, scope);
  const advances = advanceScope(registry, unit, period);
  const at = advanceTable(advancesReceived(await store.invoiceRates(advances), advancesSettledInPeriod), sellerState);
  const earlier = advancesSettledInPeriod.length ? await store.invoiceRates({ ...advances, from: FIRST_DAY, to: addDays(period.from, -1) }) : [];
  const txpd = advanceTable(advancesSettled(earlier, advancesSettledInPeriod), sellerState);
  return {
    gstin: sellerGstin(unit, seller),
    fp,
    b2b: b2bOf(b2b),
    b2cl: b2clOf(b2c.filter(large)),
    b2cs: b2csOf([...b2c.filter((invoice) => !large(invoice)), ...notes.b2cs], sellerState),
    // Present when the period has such notes: a return without notes reads as it always did.
    ...(notes.cdnr.length && { cdnr: notes.cdnr }),
    ...(notes.cdnur.length && { cdnur: notes.cdnur }),
    // Advances (Table 11A), present when the period has taxed ones.
    ...(at.length && { at }),
    // Advances of earlier periods adjusted in this one (Table 11B).
    ...(txpd.length && { txpd }),
    hsn: hsnSplitByBuyer(period)
      ? {
          hsn_b2b: hsnEntries(await store.hsnSummary(withNotes, isB2b)),
          hsn_b2c: hsnEntries(await store.hsnSummary(withNotes, (gstin) => !isB2b(gstin))),
        }
      : { data: hsnEntries(await store.hsnSummary(withNotes)) },
    doc_issue: {
      doc_det: [
        { ...DOCUMENT_ROWS.sale!, docs: docsOf(series) },
        ...otherRows,
      ],
    },
  };
}
