import type { Unit } from '../../core/registry/types';

/** The seller's fixed letterhead (units.json), as printed at the top of the bill. */
export function Letterhead({ unit }: { unit: Unit }) {
  const { letterhead } = unit;
  return (
    <address className="bill-letterhead" aria-label="Seller">
      <strong className="bill-letterhead__name">{letterhead.companyName}</strong>
      <span>{letterhead.address}</span>
      <span>GSTIN/UIN: {letterhead.gstin}</span>
      <span>
        State Name: {letterhead.stateName}, Code: {letterhead.stateCode}
      </span>
      <span>Contact: {letterhead.contact}</span>
      <span>E-Mail: {letterhead.email}</span>
    </address>
  );
}
