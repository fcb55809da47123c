import { expect, it } from 'vitest';
import { fixtureBill } from '../fixtures/bills/long-bill';
import { gstProfile, imageDataUrl } from '../fixtures/profile';
import { pdfText } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

const GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==';
/** Just over 300 KB of PNG: the signature and real PNG chunks, then padding. */
const HUGE_PNG = `data:image/png;base64,${Buffer.concat([Buffer.from(imageDataUrl('logo.png').split(',')[1], 'base64'), Buffer.alloc(300 * 1024)]).toString('base64')}`;
/** A PNG's signature and then nothing a decoder can read. */
const BROKEN_PNG = `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a picture at all')]).toString('base64')}`;

describeEachDatabase('business profile (issue 17)', (database) => {
  const api = useApi(database);
  const auditRows = () =>
    api.storage.database.db.selectFrom('audit_log').select(['action', 'unit', 'type', 'after']).where('action', '=', 'profile').execute();

  it('answers the units.json letterhead for a unit never saved, with the state read from the GSTIN', async () => {
    const response = await api.post('/api/gst/getprofile', {});
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response).profile).toMatchObject({
      companyName: 'ALFA DIESEL SERVICES',
      gstin: '27AAAAA0000A1Z2',
      stateName: 'Maharashtra',
      stateCode: '27',
      upiId: '',
      logo: '',
      saved: false,
    });
  });

  it.each([
    ['an invalid GSTIN', { gstin: '27AAPFU0939F1ZA' }, /^GSTIN is not valid/],
    ['an IFSC without the 0', { ifsc: 'SBIN1001234' }, /^IFSC is not valid: 4 letters, 0/],
    ['a PAN of the wrong shape', { pan: 'AAPF0939F' }, /^PAN is not valid/],
    ['a PAN that is not the GSTIN\'s', { pan: 'AAPFU0939G' }, /^PAN does not match the GSTIN/],
    ['a UPI ID without a bank', { upiId: 'alfadiesel' }, /^UPI ID is not valid/],
    ['an account number with letters', { accountNumber: '3001-2345' }, /^Account Number is not valid/],
    ['no company name', { companyName: '  ' }, /^Please provide Company Name\.$/],
    ['a logo that is a GIF', { logo: GIF }, /^Logo must be a PNG or JPEG image\.$/],
    ['a logo over 300 KB', { logo: HUGE_PNG }, /^Logo must be at most 300 KB\.$/],
    ['a signature that only starts like a PNG', { signature: BROKEN_PNG }, /^Signature is not a readable PNG or JPEG image\.$/],
    ['a logo that is not text', { logo: 42 }, /^Logo must be a PNG or JPEG image\.$/],
    ['a field the profile does not have', { colour: 'red' }, /^Unknown profile field: colour\.$/],
  ])('refuses %s with 400 naming the field, saving nothing', async (_, change, message) => {
    const before = jsonOf(await api.post('/api/alfadiesel/getprofile', {}));
    const audited = (await auditRows()).length;
    const response = await api.post('/api/alfadiesel/saveprofile', { ...gstProfile(), ...change });
    expect(response.statusCode).toBe(400);
    expect(jsonOf(response).msg).toMatch(message);
    expect(jsonOf(await api.post('/api/alfadiesel/getprofile', {}))).toEqual(before);
    expect(await auditRows()).toHaveLength(audited);
  });

  it('refuses a body over its 2 MB limit with 413', async () => {
    const response = await api.post('/api/gst/saveprofile', { ...gstProfile(), terms: 'x'.repeat(2.1 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(jsonOf(response).msg).toBe('The request is too large (the limit is 2 MB).');
  });

  it('saves a profile with its audit row and answers it back; the state follows the GSTIN', async () => {
    const profile = gstProfile({ gstin: '29aabck5678l1zu', pan: 'AABCK5678L', ifsc: 'sbin0001234' });
    const response = await api.post('/api/gst/saveprofile', profile);
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toEqual({ msg: 'The GST business profile has been saved.' });
    const saved = jsonOf(await api.post('/api/gst/getprofile', {})).profile;
    expect(saved).toMatchObject({ ...profile, gstin: '29AABCK5678L1ZU', ifsc: 'SBIN0001234', stateName: 'Karnataka', stateCode: '29', saved: true, version: 1 });
    const [audit] = (await auditRows()).filter((row) => row.unit === 'gst');
    expect(audit).toMatchObject({ action: 'profile', type: 'profile' });
    expect(JSON.parse(audit.after!)).toMatchObject({ companyName: 'ALFA DIESEL SERVICES', logo: { bytes: 659, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } });

    // What getprofile answers can be saved again unchanged (derived state and version included).
    expect((await api.post('/api/gst/saveprofile', saved)).statusCode).toBe(200);
    expect(jsonOf(await api.post('/api/gst/getprofile', {})).profile.version).toBe(2);
    // The other unit is untouched.
    expect(jsonOf(await api.post('/api/alfadiesel/getprofile', {})).profile.saved).toBe(false);
  });

  it('prints the saved profile on the next PDF, and showpdf gives up to three marked copies', async () => {
    await api.post('/api/gst/saveprofile', gstProfile({ companyName: 'SAHYADRI DIESEL WORKS' }));
    const bill = fixtureBill('taxinvoice');
    const { billno, ...rest } = bill;
    const taxinvoice = api.registry.byType('taxinvoice')!;
    expect((await api.post(taxinvoice.createPath, { method: 'create', type: 'taxinvoice', ...rest, invoiceno: billno })).statusCode).toBe(200);

    const one = pdfText((await api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno })).rawPayload);
    // One copy's pages (one, unless a maintainer's wider line table pushes the closing onto a second).
    const perCopy = one.split('\f').length - 1;
    expect(one).toContain('SAHYADRI DIESEL WORKS');
    expect(one).toContain('SBIN0001234');
    expect(one).toContain('ORIGINAL FOR RECIPIENT');
    expect(one).not.toContain('DUPLICATE FOR TRANSPORTER');

    const three = await api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno, copies: 3 });
    expect(three.statusCode).toBe(200);
    const pages = pdfText(three.rawPayload).split('\f').slice(0, -1);
    expect(pages).toHaveLength(3 * perCopy);
    const labels = ['ORIGINAL FOR RECIPIENT', 'DUPLICATE FOR TRANSPORTER', 'TRIPLICATE FOR SUPPLIER'];
    labels.forEach((label, copy) => {
      const copyPages = pages.slice(copy * perCopy, (copy + 1) * perCopy);
      expect(copyPages[0]).toContain(label);
      for (const page of copyPages) expect(labels.filter((other) => page.includes(other))).toEqual([label]);
      copyPages.forEach((page, index) => expect(page).toMatch(new RegExp(`Page ${index + 1} of ${perCopy}\\s*$`)));
    });

    for (const copies of [0, 4, 'three', 1.5]) {
      const refused = await api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno, copies });
      expect(refused.statusCode).toBe(400);
      expect(jsonOf(refused).msg).toBe('copies must be a whole number from 1 to 3.');
    }
  });
});
