import { describe, expect, it } from 'vitest';
import { billTotals, formatIndian } from '../../src/engine/core';
import { TEST_DATABASES } from '../api/databases';
import { useApi } from '../api/harness';
import { fixtureBill } from '../fixtures/bills/long-bill';
import { standsAlone } from '../fixtures/payloads';
import { documentOpening, pdfText, qpdfCheck, squash } from './pdf-tools';

/** The fixture as the create call sends it: `invoiceno` where the stored bill has `billno`. */
function createBody(type: string, method: 'create' | 'update' = 'create') {
  const { billno, ...rest } = fixtureBill(type);
  return { method, type, ...rest, invoiceno: billno };
}

describe('PDFs through the API server (SQLite)', () => {
  const api = useApi(TEST_DATABASES[0]);

  it.each(api.registry.billTypes.filter(standsAlone).map((billType) => billType.type))(
    '%s: the create answer and showpdf are the same checked document',
    async (type) => {
      const billType = api.registry.byType(type)!;
      const bill = fixtureBill(type);
      const created = await api.post(billType.createPath, createBody(type));
      expect(created.statusCode).toBe(200);
      qpdfCheck(created.rawPayload);
      const text = squash(pdfText(created.rawPayload, 'flow'));
      expect(text.startsWith(documentOpening(billType))).toBe(true);
      expect(text).toContain(String(bill.clientname));
      if (billType.priced) expect(text).toContain(`₹ ${formatIndian(billTotals(billType, bill).grandTotal)}`);
      else expect(text).not.toContain('₹');

      const shown = await api.post('/api/common/showpdf', { billtype: type, billno: bill.billno });
      expect(shown.statusCode).toBe(200);
      expect(pdfText(shown.rawPayload)).toBe(pdfText(created.rawPayload));
    },
  );

  it('titles a converted quotation as the bill it became', async () => {
    const quotation = api.registry.byType('taxquotation')!;
    const body = { ...createBody('taxquotation'), type: quotation.convertsTo, invoiceno: 5000 };
    const converted = await api.post(quotation.createPath, body);
    expect(converted.statusCode).toBe(200);
    const text = squash(pdfText(converted.rawPayload, 'flow'));
    expect(text.startsWith('ORIGINAL FOR RECIPIENT TAX INVOICE')).toBe(true);
    expect(text).toContain('Invoice No. 5000');
    expect(text).not.toContain('QUOTATION');
  });
});
