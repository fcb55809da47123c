import {
  billFigures,
  defaultProfile,
  sellerGstin,
  sellerStateCode,
  type BillType,
  type EwayBillSource,
  type EwayParty,
} from '../../engine/core';
import { storedBill } from '../bills/shape';
import { printedSeller } from '../profile/seller';
import type { BillRecord, Storage } from '../storage';

/** The seller as the e-way bill and e-invoice name it: the saved Business Profile, else units.json's letterhead. */
export async function sellerParty(storage: Storage, billType: BillType): Promise<EwayParty> {
  const unit = billType.unitInfo;
  const saved = await printedSeller(storage, unit.slug);
  const profile = saved ?? defaultProfile(unit.letterhead);
  return {
    gstin: sellerGstin(unit, saved),
    name: profile.companyName,
    address: profile.address,
    place: profile.place,
    pincode: profile.pincode,
    stateCode: sellerStateCode(unit, saved),
  };
}

/**
 * What the e-way bill of a stored bill is made of: the bill, its figures as its PDF prints them (the seller's
 * state from the same profile), the seller, and the buyer as the bill names them with the client master's place
 * and pincode (the bill has no fields for them).
 */
export async function ewaySource(storage: Storage, billType: BillType, record: BillRecord, seller: EwayParty): Promise<EwayBillSource> {
  const bill = storedBill(billType, record);
  const figures = billFigures(billType, bill, seller.stateCode);
  const client = await storage.clients.findByName(record.clientName);
  const addressField = billType.roles.clientAddress;
  return {
    billType,
    bill,
    docNo: record.printedNo,
    date: record.billDate,
    seller,
    buyer: {
      gstin: figures.buyerGstin,
      name: record.clientName,
      address: addressField ? String(bill[addressField.name] ?? '') : '',
      place: client?.contact.place ?? '',
      pincode: client?.contact.pincode ?? '',
      stateCode: figures.placeOfSupply || seller.stateCode,
    },
    figures,
  };
}
