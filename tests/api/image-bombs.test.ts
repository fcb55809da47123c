import { expect, it } from 'vitest';
import { interlacedBomb, interlacedThreeByThree, jpegClaiming, whitePng } from '../fixtures/crafted-images';
import { gstProfile } from '../fixtures/profile';
import { fixtureBill } from '../fixtures/bills/long-bill';
import { imagesIn } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

describeEachDatabase('profile images cannot freeze or bloat the server (issue 25 item 2)', (database) => {
  const api = useApi(database);
  const profileNow = async () => jsonOf(await api.post('/api/gst/getprofile', {})).profile;

  it.each([
    [
      'a 4000 × 4000 PNG logo',
      { logo: whitePng(4000) },
      'Logo is 4000 × 4000 pixels: at most 4 million pixels (2000 × 2000, say) and 4000 on a side.',
    ],
    [
      'a 41-byte JPEG signature declaring 65,500 × 65,500 pixels',
      { signature: jpegClaiming(65500, 65500) },
      'Signature is 65500 × 65500 pixels: at most 4 million pixels (2000 × 2000, say) and 4000 on a side.',
    ],
    [
      'an interlaced PNG logo declaring 1 × 1 pixels whose data inflates to 100 MB',
      { logo: interlacedBomb(100) },
      'Logo is not a readable PNG or JPEG image: it holds more pixels than its 1 × 1.',
    ],
    [
      'a JPEG with a frame header and no scan',
      { logo: jpegClaiming(10, 10).replace('/9oADA', '/9kADA') },
      'Logo is not a readable PNG or JPEG image.',
    ],
  ])('refuses %s with 400 {msg}, keeping the saved profile', async (_, images, msg) => {
    expect((await api.post('/api/gst/saveprofile', gstProfile())).statusCode).toBe(200);
    const before = await profileNow();
    const response = await api.post('/api/gst/saveprofile', gstProfile({ companyName: 'CHANGED', ...images }));
    expect(response.statusCode).toBe(400);
    expect(jsonOf(response)).toEqual({ msg });
    expect(await profileNow()).toEqual(before);
  });

  it('keeps an image at the limit and a true interlaced PNG, and prints them', async () => {
    const response = await api.post(
      '/api/gst/saveprofile',
      gstProfile({ logo: whitePng(2000), signature: interlacedThreeByThree() }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved = await profileNow();
    expect(saved.logo).toBe(whitePng(2000));
    expect(saved.signature).toBe(interlacedThreeByThree());
    expect((await api.post('/api/gst/saveprofile', gstProfile({ logo: whitePng(2001) }))).statusCode).toBe(400);

    const { billno, ...bill } = fixtureBill('taxinvoice');
    const created = await api.post(api.registry.byType('taxinvoice')!.createPath, {
      method: 'create',
      type: 'taxinvoice',
      ...bill,
      invoiceno: billno,
    });
    expect(created.statusCode).toBe(200);
    const pdf = (await api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno })).rawPayload;
    const sizes = imagesIn(pdf).map(({ width, height }) => `${width}x${height}`);
    expect(sizes).toEqual(expect.arrayContaining(['2000x2000', '3x3']));
  });
});
