import { paiseToNumber, toPaise } from './bill-figures';
import { toDecimal } from './money';

/*
 * Issue 49: GSTR-3B's outward supplies (Tables 3.1 and 3.2) read from the same month's GSTR-1, section by section,
 * so the two returns agree by construction: whatever GSTR-1 reports (invoices, notes netted, advances) is what 3B
 * pays tax on. The tool keeps no purchases, exports or non-GST supplies: those rows are zero.
 */

/** An item's figures as GSTR-1 writes them (rupees, 2 places); absent taxes are 0. */
interface Gstr1Item {
  rt: number;
  txval?: number;
  ad_amt?: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt?: number;
}

/** The sections of a GSTR-1 (the offline tool's JSON) that 3B's outward supplies are read from. */
export interface Gstr1Sections {
  b2b: { inv: { itms: { itm_det: Gstr1Item }[] }[] }[];
  b2cl: { pos: string; inv: { itms: { itm_det: Gstr1Item }[] }[] }[];
  b2cs: (Gstr1Item & { sply_ty: string; pos: string })[];
  cdnr?: { nt: { ntty: string; itms: { itm_det: Gstr1Item }[] }[] }[];
  cdnur?: { ntty: string; pos: string; itms: { itm_det: Gstr1Item }[] }[];
  at?: { pos: string; itms: Gstr1Item[] }[];
  txpd?: { pos: string; itms: Gstr1Item[] }[];
}

/** A 3B row: taxable value and taxes, rupees. */
export interface Gstr3bRow {
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

/** Table 3.2's rows: inter-state supplies by place of supply. */
export interface Gstr3bPlaceRow {
  pos: string;
  txval: number;
  iamt: number;
}

export interface Gstr3bOutward {
  sup_details: { osup_det: Gstr3bRow; osup_zero: Gstr3bRow; osup_nil_exmp: Gstr3bRow; isup_rev: Gstr3bRow; osup_nongst: Gstr3bRow };
  inter_sup: { unreg_details: Gstr3bPlaceRow[]; comp_details: Gstr3bPlaceRow[]; uin_details: Gstr3bPlaceRow[] };
}

/** Sums in whole paise, exact. */
interface Paise {
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

const paise = (rupees: number | undefined) => toPaise(toDecimal(rupees ?? 0));
const zero = (): Paise => ({ txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 });

/** Adds an item to a sum, `sign` -1 for a credit note or an advance adjusted. */
function add(sum: Paise, item: Gstr1Item, sign: number): void {
  sum.txval += sign * paise(item.txval ?? item.ad_amt);
  sum.iamt += sign * paise(item.iamt);
  sum.camt += sign * paise(item.camt);
  sum.samt += sign * paise(item.samt);
  sum.csamt += sign * paise(item.csamt);
}

const rupees = (sum: Paise): Gstr3bRow => ({
  txval: paiseToNumber(sum.txval),
  iamt: paiseToNumber(sum.iamt),
  camt: paiseToNumber(sum.camt),
  samt: paiseToNumber(sum.samt),
  csamt: paiseToNumber(sum.csamt),
});

/** Every item of the GSTR-1 with its sign, place of supply and whether the buyer is unregistered. */
function itemsOf(gstr1: Gstr1Sections, sellerState: string): { item: Gstr1Item; sign: number; unregisteredInterState?: string }[] {
  const noteSign = (ntty: string) => (ntty === 'C' ? -1 : 1);
  return [
    ...gstr1.b2b.flatMap((buyer) => buyer.inv.flatMap((inv) => inv.itms.map(({ itm_det }) => ({ item: itm_det, sign: 1 })))),
    ...gstr1.b2cl.flatMap((place) => place.inv.flatMap((inv) => inv.itms.map(({ itm_det }) => ({ item: itm_det, sign: 1, unregisteredInterState: place.pos })))),
    // b2cs has its credit notes netted in already (negative values).
    ...gstr1.b2cs.map((row) => ({ item: row, sign: 1, unregisteredInterState: row.sply_ty === 'INTER' && row.pos !== sellerState ? row.pos : undefined })),
    ...(gstr1.cdnr ?? []).flatMap((buyer) => buyer.nt.flatMap((note) => note.itms.map(({ itm_det }) => ({ item: itm_det, sign: noteSign(note.ntty) })))),
    ...(gstr1.cdnur ?? []).flatMap((note) => note.itms.map(({ itm_det }) => ({ item: itm_det, sign: noteSign(note.ntty), unregisteredInterState: note.pos }))),
    // Table 11A less 11B: advances received and not yet invoiced pay tax now; adjusted ones paid it already.
    ...(gstr1.at ?? []).flatMap((place) => place.itms.map((item) => ({ item, sign: 1 }))),
    ...(gstr1.txpd ?? []).flatMap((place) => place.itms.map((item) => ({ item, sign: -1 }))),
  ];
}

/** GSTR-3B's Tables 3.1 and 3.2 in the portal's names, from the month's GSTR-1 (a zero rate is nil-rated: 3.1(c)). */
export function gstr3bOutward(gstr1: Gstr1Sections, sellerState: string): Gstr3bOutward {
  const taxed = zero();
  const nil = zero();
  const places = new Map<string, Paise>();
  for (const { item, sign, unregisteredInterState } of itemsOf(gstr1, sellerState)) {
    if (item.rt === 0) {
      nil.txval += sign * paise(item.txval ?? item.ad_amt);
      continue;
    }
    add(taxed, item, sign);
    if (unregisteredInterState === undefined) continue;
    const place = places.get(unregisteredInterState) ?? zero();
    add(place, item, sign);
    places.set(unregisteredInterState, place);
  }
  const unregistered = [...places.entries()]
    .filter(([, sum]) => sum.txval !== 0 || sum.iamt !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([pos, sum]) => ({ pos, txval: paiseToNumber(sum.txval), iamt: paiseToNumber(sum.iamt) }));
  return {
    sup_details: { osup_det: rupees(taxed), osup_zero: rupees(zero()), osup_nil_exmp: rupees(nil), isup_rev: rupees(zero()), osup_nongst: rupees(zero()) },
    inter_sup: { unreg_details: unregistered, comp_details: [], uin_details: [] },
  };
}

/** GSTR-1's totals for the same month, for the Reports screen to show beside 3B: every section, notes and advances netted. */
export function gstr1Totals(gstr1: Gstr1Sections): Gstr3bRow {
  const total = zero();
  for (const { item, sign } of itemsOf(gstr1, '')) add(total, item, sign);
  return rupees(total);
}
