import type { Unit } from '../../core/registry/types';
import { useSeller } from './seller-context';

/**
 * The seller's letterhead at the top of the bill: the unit's saved business profile (through the app's
 * BillServices.sellerProfile), or its units.json letterhead until that answers. Parts left empty are left out.
 */
export function Letterhead({ unit }: { unit: Unit }) {
  const seller = useSeller() ?? { ...unit.letterhead, pan: '', logo: '' };
  return (
    <address className="bill-letterhead" aria-label="Seller">
      {seller.logo !== '' && <img className="bill-letterhead__logo" src={seller.logo} alt="" />}
      <strong className="bill-letterhead__name">{seller.companyName}</strong>
      <span>{seller.address}</span>
      {seller.gstin !== '' && <span>GSTIN/UIN: {seller.gstin}</span>}
      {seller.stateName !== '' && (
        <span>
          State Name: {seller.stateName}, Code: {seller.stateCode}
        </span>
      )}
      {seller.pan !== '' && <span>PAN: {seller.pan}</span>}
      {seller.contact !== '' && <span>Contact: {seller.contact}</span>}
      {seller.email !== '' && <span>E-Mail: {seller.email}</span>}
    </address>
  );
}
