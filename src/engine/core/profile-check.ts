import { isValidGstin } from './gst';
import { numericText } from './numeric-text';
import { E_INVOICING_CHOICES, OVERSELL_CHOICES_TEXT, PDF_PAGE_CHOICES, PROFILE_IMAGE_LABELS, TALLY_CANCELLED_CHOICES, type BusinessProfile, type ImageKey, type ProfileKey } from './business-profile';
import { base64Reader, declaredImageSize, oversizeProblem, type ImageBytes } from './image-size';

/*
 * The checks of a business profile as the operator saves it (the Business Profile screen and saveprofile):
 * apart from business-profile.ts so that bill screens, which only read a profile, do not load them.
 */

interface TextRule {
  label: string;
  maxLength: number;
  required?: boolean;
  /** A pattern (or test) the trimmed, upper-cased value must pass, and what the operator is told when it does not. */
  shape?: [RegExp | ((value: string) => boolean), string];
  upperCase?: boolean;
  /** Digits the API also takes as a JSON number. */
  numeric?: true;
  /** The values it may take, with the words the screen shows for each (a choice, not free text). */
  choices?: Readonly<Record<string, string>>;
}

const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;

/** The text fields in screen order: label, length, shape. Images are checked apart (imageProblem). */
export const PROFILE_TEXT_RULES: Readonly<Record<Exclude<ProfileKey, ImageKey>, TextRule>> = {
  companyName: { label: 'Company Name', maxLength: 100, required: true },
  address: { label: 'Address', maxLength: 300, required: true },
  place: { label: 'Place', maxLength: 50 },
  pincode: { label: 'Pincode', maxLength: 6, numeric: true, shape: [/^[1-9]\d{5}$/, '6 digits, the first not 0, e.g. 400069'] },
  gstin: { label: 'GSTIN', maxLength: 15, upperCase: true, shape: [isValidGstin, '15 characters whose last is the check character, e.g. 27AAPFU0939F1ZV'] },
  pan: { label: 'PAN', maxLength: 10, upperCase: true, shape: [PAN, '5 letters, 4 digits and a letter, e.g. AAPFU0939F'] },
  contact: { label: 'Contact', maxLength: 60 },
  email: { label: 'E-Mail', maxLength: 120, shape: [/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'e.g. billing@example.com'] },
  bankName: { label: 'Bank Name', maxLength: 100 },
  accountNumber: { label: 'Account Number', maxLength: 18, numeric: true, shape: [/^\d{9,18}$/, '9 to 18 digits'] },
  ifsc: { label: 'IFSC', maxLength: 11, upperCase: true, shape: [/^[A-Z]{4}0[A-Z0-9]{6}$/, '4 letters, 0, then 6 letters or digits, e.g. SBIN0001234'] },
  branch: { label: 'Branch', maxLength: 100 },
  upiId: { label: 'UPI ID', maxLength: 100, shape: [/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/, 'name@bank, e.g. alfadiesel@okaxis'] },
  terms: { label: 'Terms and Conditions', maxLength: 1000 },
  creditdays: { label: 'Default Credit Days', maxLength: 3, numeric: true, shape: [/^\d{1,3}$/, 'whole days from 0 to 999'] },
  einvoicing: { label: 'E-invoicing', maxLength: 5, choices: E_INVOICING_CHOICES },
  tallySales: { label: 'Tally Sales Ledger', maxLength: 100 },
  tallyCgst: { label: 'Tally CGST Ledger', maxLength: 100 },
  tallySgst: { label: 'Tally SGST Ledger', maxLength: 100 },
  tallyIgst: { label: 'Tally IGST Ledger', maxLength: 100 },
  tallyRoundOff: { label: 'Tally Round-off Ledger', maxLength: 100 },
  tallyReceipts: { label: 'Tally Money-in Ledger', maxLength: 100 },
  tallyTds: { label: 'Tally TDS Ledger', maxLength: 100 },
  tallyCancelled: { label: 'Cancelled Bills in Tally', maxLength: 4, choices: TALLY_CANCELLED_CHOICES },
  pdfPage: { label: 'PDF Page', maxLength: 6, choices: PDF_PAGE_CHOICES },
  oversell: { label: 'Selling More Than In Stock', maxLength: 6, choices: OVERSELL_CHOICES_TEXT },
};

export const PROFILE_IMAGE_MAX_BYTES = 300 * 1024;
/** Keys a saved profile answers with that are read from others, so a save may send them back unchanged. */
const DERIVED_KEYS = new Set(['stateName', 'stateCode', 'version', 'saved', 'warnings']);

const DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]*={0,2})$/;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

function startsWith(bytes: ImageBytes, magic: number[]): boolean {
  return magic.every((byte, index) => bytes.at(index) === byte);
}

/**
 * What is wrong with an image value ('' is no image), or undefined: its type, bytes and declared pixel size. The
 * server also decodes it, in a worker (server/profile/print-images).
 */
export function imageProblem(key: ImageKey, value: string): string | undefined {
  if (value === '') return undefined;
  const label = PROFILE_IMAGE_LABELS[key];
  const match = DATA_URL.exec(value);
  if (!match || match[2].length % 4 !== 0) return `${label} must be a PNG or JPEG image.`;
  const [, kind, base64] = match;
  const bytes = base64Reader(base64);
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) return `${label} must be at most 300 KB.`;
  if (!startsWith(bytes, kind === 'png' ? PNG_MAGIC : JPEG_MAGIC)) return `${label} must be a PNG or JPEG image.`;
  // The declared size, read before anything decodes a pixel (here, and on the server before its worker does).
  const size = declaredImageSize(kind as 'png' | 'jpeg', bytes);
  if (!size) return `${label} is not a readable PNG or JPEG image.`;
  return oversizeProblem(label, size);
}

const passes = (shape: RegExp | ((value: string) => boolean), value: string) => (shape instanceof RegExp ? shape.test(value) : shape(value));

export type ProfileCheck = { ok: true; profile: BusinessProfile } | { ok: false; field: string; msg: string };

const fail = (field: string, msg: string): ProfileCheck => ({ ok: false, field, msg });

/**
 * A profile as sent to saveprofile, checked field by field in screen order: the first problem names its field.
 * Values are trimmed; GSTIN, PAN and IFSC upper-cased. Every field may be left out (empty) but the name and address.
 */
export function checkProfile(input: unknown): ProfileCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return fail('', 'The profile must be a JSON object.');
  const body = input as Record<string, unknown>;
  const unknown = Object.keys(body).find((key) => !(key in PROFILE_TEXT_RULES) && !(key in PROFILE_IMAGE_LABELS) && !DERIVED_KEYS.has(key));
  if (unknown !== undefined) return fail(unknown, `Unknown profile field: ${unknown.slice(0, 40)}.`);
  const profile = {} as BusinessProfile;
  for (const [key, rule] of Object.entries(PROFILE_TEXT_RULES) as [Exclude<ProfileKey, ImageKey>, TextRule][]) {
    const given = body[key] ?? '';
    const raw = rule.numeric ? numericText(given) : given;
    if (typeof raw !== 'string') return fail(key, rule.numeric ? `${rule.label} must be digits (text or a JSON number).` : `${rule.label} must be text.`);
    const value = rule.upperCase ? raw.trim().toUpperCase() : raw.trim();
    if (rule.required && value === '') return fail(key, `Please provide ${rule.label}.`);
    if (value.length > rule.maxLength) return fail(key, `${rule.label} is too long (at most ${rule.maxLength} characters).`);
    if (value !== '' && rule.shape && !passes(rule.shape[0], value)) return fail(key, `${rule.label} is not valid: ${rule.shape[1]}.`);
    if (rule.choices && !Object.hasOwn(rule.choices, value)) return fail(key, `${rule.label} must be one of: ${Object.keys(rule.choices).filter(Boolean).join(', ')} (or empty).`);
    profile[key] = value;
  }
  if (profile.gstin !== '' && profile.pan !== '' && profile.gstin.slice(2, 12) !== profile.pan) {
    return fail('pan', 'PAN does not match the GSTIN (its characters 3 to 12).');
  }
  const bank = profile.accountNumber !== '' || profile.ifsc !== '';
  if (bank && profile.accountNumber === '') return fail('accountNumber', 'Please provide Account Number with the IFSC.');
  if (bank && profile.ifsc === '') return fail('ifsc', 'Please provide IFSC with the Account Number.');
  if (bank && profile.bankName === '') return fail('bankName', 'Please provide Bank Name with the Account Number.');
  for (const key of Object.keys(PROFILE_IMAGE_LABELS) as ImageKey[]) {
    const value = body[key] ?? '';
    if (typeof value !== 'string') return fail(key, `${PROFILE_IMAGE_LABELS[key]} must be a PNG or JPEG image.`);
    const problem = imageProblem(key, value);
    if (problem) return fail(key, problem);
    profile[key] = value;
  }
  return { ok: true, profile };
}
