// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { storyRegistry as registry } from '../../src/stories/support/story-registry';
import { renderBillPdf } from '../../src/pdf/render';
import { realBillPdf } from '../../src/stories/mocks/real-pdf';
import { sampleBill, storedBill } from '../../src/stories/mocks/sample-bill';
import { pdfText, qpdfCheck } from '../pdf/pdf-tools';

/** In Node: the server's renderer reads its fonts from Node buffers, which jsdom's realm does not take for its own. */
describe('the View PDF Bill story shows the real document', () => {
  it.each(registry.billTypes.map((b) => [b.type, b] as const))(
    '%s: pdfmake in the browser prints, word for word, what the server prints',
    async (_type, billType) => {
      const bill = storedBill(billType, sampleBill(billType, { billno: 5, clientname: 'Konkan Fisheries' }));
      const inBrowser = Buffer.from(await (await realBillPdf(billType, bill)).arrayBuffer());
      expect(() => qpdfCheck(inBrowser)).not.toThrow();
      const text = pdfText(inBrowser);
      expect(text).toContain('Konkan Fisheries');
      expect(text).toContain(billType.pdf.title);
      expect(text).toBe(pdfText(await renderBillPdf(billType, bill)));
    },
  );
});
