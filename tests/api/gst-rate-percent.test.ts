import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Body } from './harness';

const line = (taxrate: string) => ({ srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate, qty: '4', rate: '2500', per: 'no', amount: '10000.00' });

/**
 * Issue 50 item 11: the tax rate field is "GST %", and the rate may be written as an operator reads it, "18%".
 * 4 no x 2,500 = 10,000.00 at 18% within Maharashtra: CGST 900 + SGST 900 = 11,800.00.
 */
describeEachDatabase('a GST rate written with a percent sign (issue 50 item 11)', (database) => {
  const api = useApi(database);

  it('takes "18%" and "18 %" as 18, and still refuses what is no rate, storing nothing', async () => {
    const taxInvoice = api.registry.byType('taxinvoice')!;
    const rateField = taxInvoice.root.fields.flatMap((field) => field.rows?.fields ?? []).find((field) => field.name === 'taxrate');
    expect(rateField?.title).toBe('GST %');
    for (const [billno, taxrate] of [[1, '18%'], [2, ' 18 % ']] as const) {
      const saved = await api.save(taxInvoice, billno, { product: [line(taxrate)] });
      expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    }
    const rows = jsonOf(await api.post('/api/common/getbill', { billtype: 'taxinvoice', limit: 10 })).bill as Body[];
    expect(rows.map((row) => [row.billno, row.grandtotal])).toEqual([
      [2, 11800],
      [1, 11800],
    ]);

    for (const taxrate of ['%', '18%%', 'eighteen%']) {
      const refused = await api.save(taxInvoice, 3, { product: [line(taxrate)] });
      expect(refused.statusCode).toBe(400);
      expect(jsonOf(refused).msg).toBe(`GST % at Sr. No. 1 is not a number: "${taxrate}".`);
    }
    expect((await api.post('/api/common/getbill', { billtype: 'taxinvoice', limit: 10 })).body).not.toContain('"billno":3');
  });
});
