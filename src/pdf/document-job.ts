import type { ReceiptTexts, SellerProfile, StatementTexts } from '../engine/core';
import type { DocumentDefinition } from './doc-types';
import { receiptDocument, type ReceiptData } from './receipt';
import { renderDocument } from './render';
import { statementDocument, type StatementData } from './statement';
import { stockRegisterDocument, type StockRegisterData } from './stock-register';

/**
 * A receipt, a statement or a stock register to print, as plain data (payments.json's texts, the seller, the figures): what a PDF
 * worker thread is handed by structured clone, so the document definition is built there, off the request thread.
 */
export type DocumentJob =
  | { kind: 'receipt'; texts: ReceiptTexts; seller: SellerProfile; data: ReceiptData }
  | { kind: 'statement'; texts: StatementTexts; seller: SellerProfile; data: StatementData }
  | { kind: 'stockregister'; seller: SellerProfile; data: StockRegisterData };

function definitionOf(job: DocumentJob): DocumentDefinition {
  if (job.kind === 'stockregister') return stockRegisterDocument(job.seller, job.data);
  return job.kind === 'receipt' ? receiptDocument(job.texts, job.seller, job.data) : statementDocument(job.texts, job.seller, job.data);
}

/** Builds the job's document and renders it with the seller's images. */
export function renderDocumentJob(job: DocumentJob): Promise<Buffer> {
  return renderDocument(definitionOf(job), job.seller.version);
}
