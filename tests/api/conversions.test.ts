import { expect, it } from 'vitest';
import type { BillType } from '../../src/engine/core';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

describeEachDatabase('a conversion is recorded on its quotation (issue 14)', (database) => {
  const api = useApi(database);
  const type = (name: string): BillType => api.registry.byType(name)!;
  const getBill = async (billType: BillType, billno: number) =>
    jsonOf(await api.post(billType.getPath, { billtype: billType.type, billno })).bill;
  const listRows = async (billType: BillType, paged = false) =>
    jsonOf(await api.post('/api/common/getbill', { billtype: billType.type, ...(paged ? { limit: 10 } : {}) })).bill;
  const convert = (from: BillType, billno: number, to: BillType, toBillno: number) =>
    api.save(to, toBillno, { convertfrom: { billtype: from.type, billno } });

  it('getbill and the list answer convertedto {billtype, billno} once a quotation is converted', async () => {
    const quotation = type('taxquotation');
    const invoice = type('taxinvoice');
    await api.save(quotation, 1);
    await api.save(quotation, 2);
    expect(await getBill(quotation, 1)).not.toHaveProperty('convertedto');

    expect((await convert(quotation, 1, invoice, 5)).statusCode).toBe(200);
    expect((await getBill(quotation, 1)).convertedto).toEqual({ billtype: 'taxinvoice', billno: 5, fy: '2026-27' });
    expect(await getBill(quotation, 2)).not.toHaveProperty('convertedto');
    for (const paged of [false, true]) {
      const rows = await listRows(quotation, paged);
      expect(rows.find((row: { billno: number }) => row.billno === 1).convertedto).toEqual({ billtype: 'taxinvoice', billno: 5, fy: '2026-27' });
      expect(rows.find((row: { billno: number }) => row.billno === 2)).not.toHaveProperty('convertedto');
    }
    // The bill made by the conversion is not itself converted.
    expect(await getBill(invoice, 5)).not.toHaveProperty('convertedto');
    expect((await listRows(invoice))[0]).not.toHaveProperty('convertedto');
  });

  it('a second conversion is allowed and becomes the one answered; a refused one records nothing', async () => {
    const quotation = type('quotation');
    const invoice = type('invoice');
    await api.save(quotation, 7);
    expect((await convert(quotation, 7, invoice, 1)).statusCode).toBe(200);
    // Bill No. 1 is taken now: refused, and the quotation still names the first conversion.
    expect((await convert(quotation, 7, invoice, 1)).statusCode).toBe(409);
    expect((await getBill(quotation, 7)).convertedto).toEqual({ billtype: 'invoice', billno: 1, fy: '2026-27' });
    expect((await convert(quotation, 7, invoice, 2)).statusCode).toBe(200);
    expect((await getBill(quotation, 7)).convertedto).toEqual({ billtype: 'invoice', billno: 2, fy: '2026-27' });
  });
});
