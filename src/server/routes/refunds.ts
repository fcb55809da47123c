import { billPlaceOfSupply, clientNameKey, financialYearOf, isIsoDay, sellerStateCode, type BillType, type Registry } from '../../engine/core';
import type { AgainstBill } from '../../pdf';
import { storedBill } from '../bills/shape';
import type { Body } from '../http/body';
import { badRequest } from '../http/errors';
import { printedSeller } from '../profile/seller';
import type { BillRecord, Storage } from '../storage';
import type { RefundWrite } from '../storage/advances';
import { currentFinancialYear } from './bill-ref';

/** What a refund's save takes from its advance: the buyer fields, the link its transaction checks, the PDF's line. */
export interface RefundSave {
  buyer: Body;
  write: RefundWrite;
  print: AgainstBill;
}

/** "RECEIPT VOUCHER" -> "Receipt Voucher": how the refund's PDF names its advance's document. */
const documentOf = (billType: BillType) => billType.pdf.title.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase());

const printOf = (billType: BillType, record: Pick<BillRecord, 'printedNo' | 'billDate'>): AgainstBill => ({ document: documentOf(billType), number: record.printedNo, date: record.billDate });

/** The advance a refund names by number (x-role againstNumber), among its x-bill.refund types, the refund's year first. */
async function advanceOf(registry: Registry, storage: Storage, refund: BillType, body: Body) {
  const billno = Number(body[refund.roles.againstNumber!.name]);
  const date = body[refund.roles.billDate.name];
  const defaultFy = isIsoDay(date) ? financialYearOf(date) : currentFinancialYear();
  const types = refund.refund!.against.map((type) => registry.byType(type)!);
  for (const type of types) {
    const record = await storage.bills.find({ unit: type.unit, type: type.type, billno, defaultFy });
    if (record) return { type, record };
  }
  throw badRequest(`${types.map((type) => type.menuLabel).join(' or ')} No. ${billno} not found.`);
}

/**
 * A refund's save (x-bill.refund, CGST Rule 51): the advance it names must be live, of the same client and dated no
 * later; the refund's buyer (address, GSTIN, place of supply) is the advance's, so its tax splits as the advance's did.
 * Whether the advance has that much open is checked in the save's transaction (storage/advances.ts writeRefund).
 */
export async function refundSave(registry: Registry, storage: Storage, refund: BillType, body: Body): Promise<RefundSave> {
  const { type, record } = await advanceOf(registry, storage, refund, body);
  const name = `${type.menuLabel} ${record.printedNo}`;
  const typedClient = String(body[refund.roles.clientName.name] ?? '');
  if (clientNameKey(typedClient) !== clientNameKey(record.clientName)) {
    throw badRequest(`${name} is an advance of ${record.clientName}, not of ${typedClient}: a refund returns an advance to its own client.`);
  }
  const date = String(body[refund.roles.billDate.name] ?? '');
  if (date < record.billDate) throw badRequest(`A ${refund.menuLabel} cannot be dated before the advance it refunds (${name} of ${record.billDate}).`);
  const advanceId = await storage.advances.liveIdOf(record);
  if (advanceId === undefined) throw badRequest(`${name} not found.`);
  const bill = storedBill(type, record);
  const seller = sellerStateCode(type.unitInfo, await printedSeller(storage, type.unit));
  const roleValue = (role: 'clientAddress' | 'clientGstin') => {
    const field = type.roles[role];
    return field ? String(bill[field.name] ?? '') : '';
  };
  const roles = refund.roles;
  return {
    buyer: {
      [roles.clientName.name]: record.clientName,
      ...(roles.clientAddress && { [roles.clientAddress.name]: roleValue('clientAddress') }),
      [roles.clientGstin!.name]: roleValue('clientGstin'),
      [roles.placeOfSupply!.name]: billPlaceOfSupply(type, bill, seller) ?? '',
    },
    write: { advanceId, advanceName: name },
    print: printOf(type, record),
  };
}

/** The advance a stored refund's PDF names, or undefined for a bill that is no refund. */
export async function refundAgainstPrint(registry: Registry, storage: Storage, billType: BillType, record: BillRecord): Promise<AgainstBill | undefined> {
  if (!billType.refund) return undefined;
  const advance = await storage.advances.advanceOfRefund(record);
  const type = advance && registry.byType(advance.type);
  return advance && type ? printOf(type, { printedNo: advance.printedNo, billDate: advance.date }) : undefined;
}
