import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import type { BillType, Row } from '../engine/core';
import type { PrintOptions } from './context';
import type { DocumentDefinition } from './doc-types';
import { billDocument } from './document';
import { drawLinesWordRunsAtOnce } from './merged-inlines';
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
  drawLinesWordRunsAtOnce();
  pdfmake = instance;
  return instance;
}

/** Loads pdfmake and parses the fonts now rather than on the first document (a PDF worker starting up). */
export function preparePdfmake(): void {
  loadPdfmake();
}

/** The data URL each image file of pdfmake's file system holds: one file per unit and image. */
const imageSources = new Map<string, string>();

/**
 * The seller's images as files of pdfmake's in-memory file system, decoded from base64 once per image rather than
 * for every bill (the server checks and normalises them when the profile is saved, so pdfkit embeds them without
 * re-encoding pixels). The definition then names the files instead of data URLs. A file is written again when its
 * image differs, not only when the profile's version does: a restored backup (or another database) may number a
 * different logo with a version already seen.
 */
function withCachedImages(definition: DocumentDefinition, version: string | undefined): DocumentDefinition {
  if (!definition.images || version === undefined) return definition;
  const { virtualfs } = loadPdfmake();
  const images: Record<string, string> = {};
  for (const [name, dataUrl] of Object.entries(definition.images)) {
    const file = `seller-${name}-${version.split(':')[0]}`;
    if (imageSources.get(file) !== dataUrl) {
      virtualfs.writeFileSync(file, Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
      imageSources.set(file, dataUrl);
    }
    images[name] = file;
  }
  return { ...definition, images };
}

/**
 * Renders a stored bill (its header fields with billno, and its product rows) to PDF bytes, with the seller's
 * saved profile and the number of copies the server passes (plain data, so a worker thread can do it too).
 */
export async function renderBillPdf(billType: BillType, bill: Row, options: PrintOptions = {}): Promise<Buffer> {
  return renderDocument(billDocument(billType, bill, options), options.profile?.version);
}

/** Renders a document definition (a receipt, a statement) with the seller's images of profile `version`. */
export async function renderDocument(definition: DocumentDefinition, version?: string): Promise<Buffer> {
  const bytes = await loadPdfmake().createPdf(withCachedImages(definition, version)).getBuffer();
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
}

/** Whether pdfmake can draw this image (a data URL): checked once when a profile is saved, not at every bill. */
export async function probeImage(dataUrl: string): Promise<boolean> {
  const definition = {
    pageSize: 'A6',
    content: [{ image: 'probe', fit: [20, 20] }],
    images: { probe: dataUrl },
    defaultStyle: { font: FONT },
  } as unknown as DocumentDefinition;
  try {
    await loadPdfmake().createPdf(definition).getBuffer();
    return true;
  } catch {
    return false;
  }
}
