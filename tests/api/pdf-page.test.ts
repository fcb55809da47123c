import { expect, it } from 'vitest';
import { gstProfile } from '../fixtures/profile';
import { pageSizes } from '../pdf/pdf-tools';
import { loadRegistry } from '../../src/server/schema-files';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

/** Issue 50 item 12: the page a unit's PDFs print on, kept in its business profile. */
describeEachDatabase('the PDF page chosen per unit', (database) => {
  const api = useApi(database, loadRegistry());

  it('prints the unit\'s bills on A4, then an 80 mm roll, then A5, as its saved profile says; refuses another page', async () => {
    const taxInvoice = api.registry.byType('taxinvoice')!;
    expect((await api.save(taxInvoice, 1, { date: '2026-11-21' })).statusCode).toBe(200);
    const printed = async () => pageSizes((await api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno: 1 })).rawPayload)[0];
    expect(await printed()).toEqual([595.28, 841.89]);

    expect((await api.post('/api/gst/saveprofile', gstProfile({ pdfPage: 'roll80' }))).statusCode).toBe(200);
    expect(jsonOf(await api.post('/api/gst/getprofile')).profile.pdfPage).toBe('roll80');
    expect((await printed())[0]).toBe(226.77);
    expect((await api.post('/api/gst/saveprofile', gstProfile({ pdfPage: 'a5' }))).statusCode).toBe(200);
    expect(await printed()).toEqual([419.53, 595.28]);

    const refused = await api.post('/api/gst/saveprofile', gstProfile({ pdfPage: 'A3' }));
    expect({ status: refused.statusCode, body: jsonOf(refused) }).toEqual({ status: 400, body: { msg: 'PDF Page must be one of: a5, roll80 (or empty).' } });
    expect(await printed()).toEqual([419.53, 595.28]);
  });
});
