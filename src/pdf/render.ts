import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import type { BillType, Row } from '../engine/core';
import type { DocumentDefinition } from './doc-types';
import { billDocument } from './document';
import { sharedFontTokens } from './shared-fonts';
import { FONT } from './styles';

type FontFiles = Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>;

interface PdfMake {
  virtualfs: { writeFileSync(name: string, content: Uint8Array): void };
  addFonts(fonts: Record<string, FontFiles>): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (path: string) => boolean): void;
  createPdf(docDefinition: DocumentDefinition): { getBuffer(): Promise<Uint8Array> };
}

const require = createRequire(import.meta.url);
let pdfmake: PdfMake | undefined;

/**
 * pdfmake with the Roboto fonts it ships (they have the rupee sign), parsed once for all documents
 * (see shared-fonts.ts) and handed over through its in-memory file system. Both access policies then
 * refuse everything: a document can name no URL and no local file, and pdfmake warns about nothing.
 */
function loadPdfmake(): PdfMake {
  if (pdfmake) return pdfmake;
  const instance = require('pdfmake') as PdfMake;
  const { Roboto } = require('pdfmake/fonts/Roboto.js') as { Roboto: FontFiles };
  const files = Object.entries(Roboto) as [keyof FontFiles, string][];
  const tokens = sharedFontTokens(files.map(([, path]) => readFileSync(path)));
  const inMemory = {} as FontFiles;
  files.forEach(([style, path], index) => {
    inMemory[style] = basename(path);
    instance.virtualfs.writeFileSync(basename(path), tokens[index]);
  });
  instance.addFonts({ [FONT]: inMemory });
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy(() => false);
  pdfmake = instance;
  return instance;
}

/** Loads pdfmake and parses the fonts now rather than on the first document (a PDF worker starting up). */
export function preparePdfmake(): void {
  loadPdfmake();
}

/** Renders a stored bill (its header fields with billno, and its product rows) to PDF bytes. */
export async function renderBillPdf(billType: BillType, bill: Row): Promise<Buffer> {
  const bytes = await loadPdfmake().createPdf(billDocument(billType, bill)).getBuffer();
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
}
