import type { BillType } from './registry/types';
import type { StoredBill } from './stored-bill';
import { printedNumberOf } from './printed-number';

const MAX_NAME_LENGTH = 120;

/**
 * The one rule for a download's name (a bill's PDF, a receipt, a statement, a report), used by the server's
 * Content-Disposition and by the browser's downloads: bidi overrides and other format characters (zero-width
 * ones) are removed, so `Shree\u202Efdp.exe` cannot pose as an .exe; characters that could end a header, change a
 * path or confuse a file system become `_`; spaces collapse; the name is cut at 120 characters before `.{extension}`.
 */
export function safeFileName(base: string, extension: string): string {
  const clean = base
    .normalize('NFC')
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\\/:*?"<>|]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  return `${[...clean].slice(0, MAX_NAME_LENGTH).join('')}.${extension}`;
}

/** Spec 7 and 9: a bill's PDF is saved as `{billno}-{clientname}.pdf`. */
export function pdfFileName(billNumber: unknown, clientName: unknown): string {
  return safeFileName(`${String(billNumber ?? '')}-${String(clientName ?? '')}`, 'pdf');
}

/**
 * A bill's PDF file name: its printed number (its series filled in, "S/2" saved as "S_2") leads, so two series'
 * bills of one number never download under one name; a plain {n} series keeps the spec's `{billno}-{clientname}.pdf`.
 */
export function billPdfFileName(billType: BillType, bill: StoredBill): string {
  return pdfFileName(printedNumberOf(billType, bill), bill[billType.roles.clientName.name]);
}
