import type { SellerProfile } from '../engine/core';
import type { DocumentContext } from './context';
import type { Content } from './doc-types';

/** The names under which the seller's images go into the document's `images`. */
export const LOGO_IMAGE = 'logo';
export const SIGNATURE_IMAGE = 'signature';
const LOGO_BOX: [number, number] = [64, 54];

/** "A  |  B", leaving out the parts the seller has not filled in. */
function joined(parts: (string | false)[]): string {
  return parts.filter((part): part is string => Boolean(part)).join('   |   ');
}

function sellerLines(seller: SellerProfile): Content {
  const { companyName, address, gstin, stateName, stateCode, pan, contact, email } = seller;
  return {
    stack: [
      { text: companyName, style: 'companyName' },
      { text: address, style: 'letterheadLine' },
      {
        text: joined([
          gstin !== '' && `GSTIN/UIN: ${gstin}`,
          stateName !== '' && `State Name: ${stateName}, Code: ${stateCode}`,
          pan !== '' && `PAN: ${pan}`,
        ]),
        style: 'letterheadLine',
      },
      {
        text: joined([contact !== '' && `Contact: ${contact}`, email !== '' && `E-Mail: ${email}`]),
        style: 'letterheadLine',
      },
    ],
  };
}

/**
 * The seller: company name, address, GST/UIN, state name and code, PAN, contact and e-mail, centred; the
 * logo, when the profile has one, on the left (an empty column of its width on the right keeps the centre).
 */
export function letterhead({ seller, layout }: Pick<DocumentContext, 'seller'> & Partial<Pick<DocumentContext, 'layout'>>): Content {
  if (seller.logo === '') return { stack: [sellerLines(seller)], margin: [0, 2, 0, 2] };
  // A roll has no room beside the logo: it sits above the lines.
  if (layout?.oneColumn) return { stack: [{ image: LOGO_IMAGE, fit: LOGO_BOX, alignment: 'center' }, sellerLines(seller)], margin: [0, 2, 0, 2] };
  return {
    columns: [
      { image: LOGO_IMAGE, fit: LOGO_BOX, width: LOGO_BOX[0] },
      { ...(sellerLines(seller) as object), width: '*' },
      { text: '', width: LOGO_BOX[0] },
    ],
    columnGap: 6,
    margin: [0, 2, 0, 2],
  };
}

/** The images the document draws: the seller's logo and signature, when saved. */
export function sellerImages({ seller }: Pick<DocumentContext, 'seller'>): Record<string, string> | undefined {
  const images: Record<string, string> = {};
  if (seller.logo !== '') images[LOGO_IMAGE] = seller.logo;
  if (seller.signature !== '') images[SIGNATURE_IMAGE] = seller.signature;
  return Object.keys(images).length ? images : undefined;
}
