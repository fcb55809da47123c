import { describe, expect, it } from 'vitest';
import { renderBillPdf } from '../../src/pdf';
import { loadRegistry } from '../../src/server/schema-files';
import { fixtureBill } from '../fixtures/bills/long-bill';
import { pdfText, qpdfCheck, squash } from './pdf-tools';

const registry = loadRegistry();

describe('operator text prints literally', () => {
  it.each(['taxinvoice', 'service'])('%s: markup, ampersands, umlauts and the rupee sign', async (type) => {
    const bill = fixtureBill(type);
    const product = bill.product as Record<string, unknown>[];
    const firstLine = { ...product[0], goods: '<i>Nozzle</i> & "Seal" kit', productname: '<i>Nozzle</i> & "Seal" kit' };
    const pdf = await renderBillPdf(registry.byType(type)!, {
      ...bill,
      clientname: 'Müller & Sons <b>₹</b>',
      clientaddress: 'Königstraße 5 & 7, {braces} \\ back\\slash, 50% off',
      product: [firstLine, ...product.slice(1)],
    });
    qpdfCheck(pdf);
    const flow = squash(pdfText(pdf, 'flow'));
    expect(flow).toContain('Müller & Sons <b>₹</b>');
    expect(flow).toContain('Königstraße 5 & 7, {braces} \\ back\\slash, 50% off');
    expect(flow).toContain('<i>Nozzle</i> & "Seal" kit');
  });
});
