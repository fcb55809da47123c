import { stateCodeOf, stateName } from './gst';
import type { Letterhead, Unit } from './registry/types';

/**
 * A unit's business profile: who the seller is and how to pay them, as the operator saves it on the
 * Business Profile screen. The letterhead of every screen and PDF, the bank block, the UPI QR and the terms
 * come from it; units.json's letterhead is only the default of a unit that has none saved.
 */
export interface BusinessProfile {
  companyName: string;
  address: string;
  /** Issue 33: the e-way bill's and e-invoice's "from" place and PIN code ('' until the operator gives them). */
  place: string;
  pincode: string;
  gstin: string;
  pan: string;
  contact: string;
  email: string;
  bankName: string;
  accountNumber: string;
  ifsc: string;
  branch: string;
  upiId: string;
  terms: string;
  /**
   * Issue 29: days after its date a bill of a client with no credit days of their own falls due ('' for 0).
   * Lower case as the client's own `creditdays` detail is named.
   */
  creditdays: string;
  /** Issue 49: whether the unit e-invoices (E_INVOICING_CHOICES); '' for not. */
  einvoicing: string;
  /**
   * Issue 49: the ledgers of the accountant's Tally the export names ('' for the default, tally.ts), and whether a
   * cancelled bill is exported as cancelled ('') or left out ('omit').
   */
  tallySales: string;
  tallyCgst: string;
  tallySgst: string;
  tallyIgst: string;
  tallyRoundOff: string;
  tallyReceipts: string;
  tallyTds: string;
  tallyCancelled: string;
  /** Issue 50: the page the unit's bills print on (PDF_PAGE_CHOICES): '' for A4. */
  pdfPage: string;
  /** Issue 48: a sale of more than is in stock is allowed (with a warning), asked about, or refused ('' asks). */
  oversell: string;
  /** PNG or JPEG as a base64 data URL, or '' for none. */
  logo: string;
  signature: string;
}

/** The profile as the documents print it: the state read from the GSTIN, and a key naming this saved version. */
export interface SellerProfile extends BusinessProfile {
  stateName: string;
  stateCode: string;
  /** Each bill type's number series (getprofile answers them, issue 27). */
  series?: Record<string, string>;
  /** What the profile's settings will lead to that the owner should put right (getprofile answers them, issue 49). */
  warnings?: string[];
  /** Changes whenever the profile is saved: renderers cache decoded images under it. */
  version: string;
}

export type ProfileKey = keyof BusinessProfile;

/**
 * The unit's e-invoicing, as the owner tells it: off, on, or on with an aggregate turnover of ₹10 crore or more
 * (since 2025 such a business reports an e-invoice within 30 days of its date, so older exports warn).
 */
/** What the Tally export does with a cancelled bill. */
export const TALLY_CANCELLED_CHOICES: Readonly<Record<string, string>> = { '': 'Exported as cancelled', omit: 'Left out' };

/** A profile's fields added since profiles were first saved, empty: a profile saved before them reads them so. */
export const LATER_PROFILE_FIELDS = {
  creditdays: '', place: '', pincode: '', einvoicing: '',
  tallySales: '', tallyCgst: '', tallySgst: '', tallyIgst: '', tallyRoundOff: '', tallyReceipts: '', tallyTds: '', tallyCancelled: '',
  pdfPage: '',
  oversell: '',
} as const satisfies Partial<BusinessProfile>;

/** The page a unit's bills print on: A4 sheets (as always), A5 sheets, or an 80 mm thermal roll cut to the bill's length. */
export const PDF_PAGE_CHOICES: Readonly<Record<string, string>> = { '': 'A4', a5: 'A5', roll80: '80 mm roll' };

/** What a sale beyond stock does (OVERSELL in the stock write reads these); '' is the default, asking. */
export const OVERSELL_CHOICES_TEXT: Readonly<Record<string, string>> = {
  '': 'Ask before selling more than is in stock',
  ask: 'Ask before selling more than is in stock',
  allow: 'Allow it, with a warning',
  refuse: 'Refuse it',
};

export const E_INVOICING_CHOICES: Readonly<Record<string, string>> = {
  '': 'Off',
  on: 'On',
  large: 'On, turnover ₹10 crore or more',
};
export type ImageKey = 'logo' | 'signature';

export const PROFILE_IMAGE_LABELS: Readonly<Record<ImageKey, string>> = { logo: 'Logo', signature: 'Signature' };

/** A new database's profile of a unit: its units.json letterhead, nothing else. */
export function defaultProfile(letterhead: Letterhead): BusinessProfile {
  const { companyName, address, gstin, contact, email } = letterhead;
  return {
    companyName, address, gstin, pan: '', contact, email,
    bankName: '', accountNumber: '', ifsc: '', branch: '', upiId: '', terms: '', ...LATER_PROFILE_FIELDS, logo: '', signature: '',
  };
}

/** The profile as printed: the state name and code come from the GSTIN (none without one). */
export function sellerProfile(profile: BusinessProfile, version: string): SellerProfile {
  const code = stateCodeOf(profile.gstin) ?? '';
  return { ...profile, stateCode: code, stateName: stateName(code) ?? '', version };
}

/**
 * The seller's state for GST (CGST + SGST to buyers in it, IGST to others): the saved profile's GSTIN's, as the
 * letterhead prints it; units.json's while the unit has no saved profile or its profile has no GSTIN. The bill
 * screen's live totals, the PDF, the stored figures and GSTR-1 all ask this, so they always agree.
 */
export function sellerStateCode(unit: Unit, seller?: Pick<SellerProfile, 'stateCode'>): string {
  return seller?.stateCode || unit.letterhead.stateCode;
}

/** The seller's GSTIN as GSTR-1 names it: the saved profile's, else units.json's. */
export function sellerGstin(unit: Unit, seller?: Pick<SellerProfile, 'gstin'>): string {
  return seller?.gstin || unit.letterhead.gstin;
}

/** Values of a UPI link, URL-encoded; `@` stays as it is, which URLs allow and UPI apps expect in an address. */
function upiValue(value: string): string {
  return encodeURIComponent(value).replaceAll('%40', '@');
}

/**
 * The UPI payment link a QR code carries (NPCI's upi://pay): the payee address and name, the amount to two
 * places in rupees, and a note naming the document ("Invoice No. 12") so the payment can be matched.
 */
export function upiPaymentLink(payeeAddress: string, payeeName: string, amount: string, note: string): string {
  const fields = [['pa', payeeAddress], ['pn', payeeName], ['am', amount], ['cu', 'INR'], ['tn', note]];
  return `upi://pay?${fields.map(([key, value]) => `${key}=${upiValue(value)}`).join('&')}`;
}
