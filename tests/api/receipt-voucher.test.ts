import { expect, it } from 'vitest';
import { pdfText, squash } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';
import { ADVANCE_CLIENT as CLIENT, overhaul, voucher } from './advances';

type Json = any;

/**
 * Worked out by hand, the seller in Maharashtra (27):
 * - RV/1: ₹11,800 received including tax for a service (SAC 9987) at 18 % within the state: taxable
 *   11,800 x 100 / 118 = 10,000.00, CGST 9 % = 900.00, SGST 900.00, total 11,800.00.
 * - RV/2: ₹5,000 for goods (HSN 8413) at 18 %: no tax on an advance for goods, 5,000.00 received.
 * - RV/3: ₹10,000 excluding tax for a service with the rate left empty (18 %) and no place of supply (inter-state):
 *   IGST 1,800.00, total 11,800.00.
 */
describeEachDatabase('receipt vouchers (CGST Rule 50)', (database) => {
  const api = useApi(database);

  it('taxes an advance for a service, carved out of the amount received, and prints every Rule 50 particular', async () => {
    const saved = await api.post('/api/gst/createtaxbill', voucher(1));
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const text = squash(pdfText(saved.rawPayload));
    for (const particular of [
      'RECEIPT VOUCHER', 'ALFA DIESEL SERVICES', 'Placeholder Industrial Estate', 'GSTIN/UIN: 27AAAAA0000A1Z2',
      'Voucher No. RV/1', '10-04-2026', 'Received from', CLIENT.clientname, 'Taloja', CLIENT.gstno,
      'Advance for engine overhaul', '9987', 'Place of Supply: Maharashtra (27)', 'Whether tax is payable on reverse charge: No',
      'Authorised Signatory', 'Amounts include tax', 'Bank transfer', 'UTR 4471',
    ]) expect(text).toContain(particular);
    expect(text).toMatch(/Sub Total ₹? ?10,000\.00/);
    expect(text).toMatch(/CGST @ 9% ₹? ?900\.00/);
    expect(text).toMatch(/SGST @ 9% ₹? ?900\.00/);
    expect(text).toMatch(/Advance Received ₹? ?11,800\.00/);
    expect(text).not.toContain('IGST');
  });

  it('charges no tax on an advance for goods, 18 % IGST on a service with no rate and no place of supply', async () => {
    const goods = await api.post('/api/gst/createtaxbill', voucher(2, { product: overhaul('5000', '8413') }));
    expect(goods.statusCode, goods.body.slice(0, 300)).toBe(200);
    const goodsText = squash(pdfText(goods.rawPayload));
    expect(goodsText).toMatch(/Advance Received ₹? ?5,000\.00/);
    expect(goodsText).not.toMatch(/[CS]GST @ 9%/);

    const service = await api.post('/api/gst/createtaxbill', voucher(3, { amounts: 'exclude', placeofsupply: '', product: overhaul('10000', '9987', undefined) }));
    expect(service.statusCode, service.body.slice(0, 300)).toBe(200);
    const serviceText = squash(pdfText(service.rawPayload));
    expect(serviceText).toMatch(/IGST @ 18% ₹? ?1,800\.00/);
    expect(serviceText).toMatch(/Advance Received ₹? ?11,800\.00/);
  });

  it('counts the money as received from the client: on account in receivables and a credit on the statement', async () => {
    const owing = jsonOf(await api.post('/api/gst/receivables', { asof: '2026-04-30' }));
    expect(owing.clients).toEqual([]);
    const statement = jsonOf(await api.post('/api/gst/statement', { clientname: CLIENT.clientname, from: '2026-04-01', to: '2026-04-30' }));
    expect(statement.lines.map((line: Json) => [line.number, line.credit])).toEqual([['RV/1', 11800], ['RV/2', 5000], ['RV/3', 11800]]);
    expect(statement).toMatchObject({ closing: -28600, onaccount: 28600 });
  });

  it('refuses a voucher without mode or with an unknown amounts choice, with a 400 {msg}', async () => {
    const noMode = await api.post('/api/gst/createtaxbill', voucher(4, { mode: undefined }));
    expect(noMode.statusCode).toBe(400);
    expect(jsonOf(noMode).msg).toBe('Please choose how the advance was paid.');
    const badChoice = await api.post('/api/gst/createtaxbill', voucher(4, { amounts: 'maybe' }));
    expect(badChoice.statusCode).toBe(400);
    expect(jsonOf(badChoice).msg).toBe('Please choose whether the amounts include tax or exclude it.');
  });
});
