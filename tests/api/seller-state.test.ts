import { expect, it } from 'vitest';
import { gstProfile } from '../fixtures/profile';
import { pdfText } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

/** A Maharashtra buyer (27): the same state as units.json's seller, another than the saved profile's. */
const MAHARASHTRA_BUYER = '27AAPFU0939F1ZV';
/** The saved profile's GSTIN: Karnataka (29). */
const KARNATAKA_SELLER = '29AABCK5678L1ZU';
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };

/** One service of 1200.00 at 18%: CGST 108 + SGST 108 within the seller's state, IGST 216 across; 1416 either way. */
function serviceBill() {
  return {
    date: '2026-11-10',
    gstno: MAHARASHTRA_BUYER,
    product: [
      {
        srno: 1,
        productname: 'Generator',
        service: [{ servicename: 'Overhaul', servicedesc: '', hsn: '998714', taxrate: '18', rate: '1200', amount: '1200' }],
      },
    ],
  };
}

const INTRA = { cgst: 108, sgst: 108, igst: 0, total: 1416 };
const INTER = { cgst: 0, sgst: 0, igst: 216, total: 1416 };

describeEachDatabase('the seller\'s state is the saved business profile\'s (issue 17)', (database) => {
  const api = useApi(database);
  const registerRows = async () => jsonOf(await api.post('/api/gst/salesregister', NOVEMBER)).rows;
  const printed = async (billno: number) => pdfText((await api.post('/api/common/showpdf', { billtype: 'taxservice', billno })).rawPayload);
  const saveBill = async (billno: number) =>
    expect((await api.save(api.registry.byType('taxservice')!, billno, serviceBill())).statusCode).toBe(200);
  const saveProfile = async (changes: object) =>
    expect((await api.post('/api/gst/saveprofile', gstProfile(changes))).statusCode).toBe(200);

  it('charges CGST + SGST, then IGST on the PDF, the stored figures and GSTR-1 once the profile moves the seller to Karnataka', async () => {
    await saveBill(1);
    expect(await registerRows()).toMatchObject([{ billno: 1, ...INTRA }]);
    expect(await printed(1)).toMatch(/CGST @ 9%/);

    await saveProfile({ gstin: KARNATAKA_SELLER, pan: 'AABCK5678L' });
    // The bill saved before: its PDF now prints IGST, and the register (stored figures) follows it.
    const reprinted = await printed(1);
    expect(reprinted).toMatch(/IGST @ 18%/);
    expect(reprinted).not.toMatch(/CGST @ 9%/);
    expect(await registerRows()).toMatchObject([{ billno: 1, ...INTER }]);

    await saveBill(2);
    expect(await registerRows()).toMatchObject([
      { billno: 1, ...INTER },
      { billno: 2, ...INTER },
    ]);

    const gstr1 = await api.post('/api/gst/gstr1', { fp: '112026' });
    expect(gstr1.headers['content-disposition']).toContain(`GSTR1_${KARNATAKA_SELLER}_112026.json`);
    const answer = jsonOf(gstr1);
    expect(answer.gstin).toBe(KARNATAKA_SELLER);
    expect(answer.b2b).toEqual([
      {
        ctin: MAHARASHTRA_BUYER,
        inv: [1, 2].map((n) =>
          expect.objectContaining({
            inum: expect.stringMatching(new RegExp(`${n}$`)),
            pos: '27',
            itms: [{ num: 1, itm_det: { txval: 1200, rt: 18, iamt: 216, camt: 0, samt: 0, csamt: 0 } }],
          }),
        ),
      },
    ]);
  });

  it('falls back to units.json\'s state when the saved profile has no GSTIN', async () => {
    await saveProfile({ gstin: '', pan: '' });
    expect(await registerRows()).toMatchObject([
      { billno: 1, ...INTRA },
      { billno: 2, ...INTRA },
    ]);
    expect(await printed(2)).toMatch(/CGST @ 9%/);
    expect(jsonOf(await api.post('/api/gst/gstr1', { fp: '112026' })).gstin).toBe(api.registry.unit('gst')!.letterhead.gstin);
  });
});
