import {
  billPlaceOfSupply,
  clientNameKey,
  financialYearLabel,
  financialYearOf,
  isIsoDay,
  paiseToNumber,
  PRINTED_NUMBER_KEY,
  sellerStateCode,
  type BillType,
  type Registry,
} from '../../engine/core';
import type { AgainstBill } from '../../pdf';
import { storedBill } from '../bills/shape';
import { billTypeFrom, type Body } from '../http/body';
import { badRequest } from '../http/errors';
import { printedSeller } from '../profile/seller';
import type { BillKey, BillRecord, BillRef, Storage } from '../storage';
import type { NoteOfBill, NoteWrite } from '../storage/notes';
import { billRefFrom, currentFinancialYear, optionalFinancialYear } from './bill-ref';

/** What a note's save takes from the bill it corrects: its buyer fields, and the link its transaction checks. */
export interface NoteSave {
  buyer: Body;
  write: NoteWrite;
  /** How the note's PDF names the original. */
  print: AgainstBill;
}

/** "TAX INVOICE" -> "Tax Invoice": the original's PDF title as a note's PDF names it. */
const documentOf = (billType: BillType) => billType.pdf.title.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase());

const againstPrint = (billType: BillType, record: BillRecord): AgainstBill => ({ document: documentOf(billType), number: record.printedNo, date: record.billDate });

/** The original a stored note's PDF names (live or cancelled since), or undefined for a bill that is not a note. */
export async function noteAgainstPrint(registry: Registry, storage: Storage, billType: BillType, note: BillRecord): Promise<AgainstBill | undefined> {
  if (!billType.note) return undefined;
  const against = await storage.notes.againstOf(note);
  const originalType = against && registry.byType(against.type);
  if (!against || !originalType) return undefined;
  const original = (await storage.bills.find(against)) ?? (await storage.bills.findCancelled(against));
  return original && againstPrint(originalType, original);
}

const nameOf = (billType: BillType, record: Pick<BillRecord, 'printedNo'>) => `${billType.menuLabel} No. ${record.printedNo}`;

/** The bill a new note names in `against: {billtype, billno, fy?}`: one of the types its x-bill.note accepts. */
function againstRef(registry: Registry, note: BillType, body: Body) {
  const against = body.against;
  if (against === undefined || against === null) throw badRequest(`Please provide the bill this ${note.menuLabel} corrects: against {billtype, billno}.`);
  if (typeof against !== 'object' || Array.isArray(against)) throw badRequest('against must be an object {billtype, billno}: the bill the note corrects.');
  const original = billTypeFrom(registry, against as Body);
  if (!note.note!.against.includes(original.type)) {
    const accepted = note.note!.against.map((type) => registry.byType(type)!.menuLabel).join(', ');
    throw badRequest(`A ${note.menuLabel} corrects a ${accepted}; not a ${original.menuLabel}.`);
  }
  return { originalType: original, ref: billRefFrom(original, against as Body) };
}

/** The bill an existing note corrects, from its stored link. */
async function storedAgainst(registry: Registry, storage: Storage, note: BillType, body: Body) {
  const date = body[note.roles.billDate.name];
  const key: BillKey = {
    unit: note.unit,
    type: note.type,
    billno: Number(body[note.roles.billNumber.name]),
    fy: optionalFinancialYear(body) ?? (isIsoDay(date) ? financialYearOf(date) : currentFinancialYear()),
  };
  const against = await storage.notes.againstOf(key);
  if (!against) throw badRequest(`${note.menuLabel} No. ${key.billno} not found.`);
  return { originalType: registry.byType(against.type)!, ref: against };
}

/**
 * A note's save (x-bill.note): the bill it corrects must be live, of the same client and dated no later; the note's
 * buyer (name, address, GSTIN, place of supply) is that bill's, so the tax split follows the original's place of
 * supply whatever was typed. Every refusal is 400 {msg}.
 */
export async function noteSave(registry: Registry, storage: Storage, note: BillType, body: Body): Promise<NoteSave> {
  const { originalType, ref } = body.method === 'create' ? againstRef(registry, note, body) : await storedAgainst(registry, storage, note, body);
  const original = await storage.bills.find(ref);
  if (!original) {
    const cancelled = await storage.bills.findCancelled(ref);
    if (cancelled) throw badRequest(`${nameOf(originalType, cancelled)} was cancelled: a note cannot correct it.`);
    throw badRequest(`${originalType.menuLabel} No. ${ref.billno}${ref.fy === undefined ? '' : ` of ${financialYearLabel(ref.fy)}`} not found.`);
  }
  const typedClient = String(body[note.roles.clientName.name] ?? '');
  if (clientNameKey(typedClient) !== clientNameKey(original.clientName)) {
    throw badRequest(`${nameOf(originalType, original)} is a bill of ${original.clientName}, not of ${typedClient}: a note corrects a bill of its own client.`);
  }
  const date = String(body[note.roles.billDate.name] ?? '');
  if (date < original.billDate) throw badRequest(`A ${note.menuLabel} cannot be dated before the bill it corrects (${nameOf(originalType, original)} of ${original.billDate}).`);

  const bill = storedBill(originalType, original);
  const seller = sellerStateCode(originalType.unitInfo, await printedSeller(storage, originalType.unit));
  const roleValue = (role: 'clientAddress' | 'clientGstin') => {
    const field = originalType.roles[role];
    return field ? String(bill[field.name] ?? '') : '';
  };
  const roles = note.roles;
  return {
    buyer: {
      [roles.clientName.name]: original.clientName,
      [roles.clientAddress!.name]: roleValue('clientAddress'),
      [roles.clientGstin!.name]: roleValue('clientGstin'),
      [roles.placeOfSupply!.name]: billPlaceOfSupply(originalType, bill, seller) ?? '',
    },
    write: { against: original, sign: note.note!.sign, againstName: nameOf(originalType, original) },
    print: againstPrint(originalType, original),
  };
}

/** A note as getbill answers it in a bill's `notes`. */
const noteAnswer = (n: NoteOfBill) => ({
  billtype: n.type,
  billno: n.billno,
  fy: financialYearLabel(n.fy),
  [PRINTED_NUMBER_KEY]: n.printedNo,
  date: n.billDate,
  total: paiseToNumber(n.grandTotal),
});

const correctable = (registry: Registry, billType: BillType) => registry.billTypes.some((type) => type.note?.against.includes(billType.type));

/**
 * The notes of a page of list rows (issue 28: a bill's row shows them), per row as `${fy}/${billno}`; none for a
 * type no note corrects.
 */
export async function listNotes(registry: Registry, storage: Storage, billType: BillType, rows: ReadonlyArray<{ fy: number; billno: number }>) {
  if (!correctable(registry, billType)) return new Map<string, ReturnType<typeof noteAnswer>[]>();
  const notes = await storage.notes.ofBills(billType.unit, billType.type, rows);
  return new Map([...notes].map(([key, list]) => [key, list.map(noteAnswer)]));
}

/** What getbill adds: a note's `against`, and a bill's `notes` where some note type may correct it. */
export async function noteFields(registry: Registry, storage: Storage, billType: BillType, record: BillRecord): Promise<Body> {
  if (billType.note) {
    const against = await storage.notes.againstOf(record);
    return against ? { against: { billtype: against.type, billno: against.billno, fy: financialYearLabel(against.fy) } } : {};
  }
  if (!correctable(registry, billType)) return {};
  const notes = await storage.notes.of(record);
  // Only a bill with notes says so: getbill of every other bill stays as spec 7 shows it.
  if (!notes.length) return {};
  return { notes: notes.map(noteAnswer) };
}

/**
 * A bill that live notes correct is not deleted (its notes would correct nothing): 400 naming them, so the operator
 * deletes those first.
 */
export async function refuseDeleteWithNotes(registry: Registry, storage: Storage, billType: BillType, ref: BillRef): Promise<void> {
  if (!registry.billTypes.some((type) => type.note?.against.includes(billType.type))) return;
  const record = await storage.bills.find(ref);
  if (!record) return;
  const notes = await storage.notes.of(record);
  if (!notes.length) return;
  const named = notes.map((n) => `${registry.byType(n.type)?.menuLabel ?? n.type} ${n.printedNo}`).join(', ');
  throw badRequest(`${nameOf(billType, record)} cannot be deleted: ${named} ${notes.length === 1 ? 'corrects' : 'correct'} it. Delete ${notes.length === 1 ? 'that note' : 'those notes'} first.`);
}
