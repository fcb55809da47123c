import { beforeAll, expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { apiSession, registry, signIn, useBrowserApp } from './support';

/** Issue 16: the client name is a combobox over the saved clients; picking fills the address and GSTIN. */
const e2e = useBrowserApp();
const taxInvoice = registry.byType('taxinvoice')!;
const CLIENT = {
  clientname: 'Kaveri Agro Industries',
  clientaddress: 'Hosur Road, Bengaluru 560068',
  gstno: '29AAGCB7383J1Z4',
};

beforeAll(async () => {
  // The first tax invoice for a new client: saving it saves the client.
  const api = await apiSession(e2e.app);
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, { invoiceno: 1, ...CLIENT }));
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
]) {
  it(`a second tax invoice picks the client after four letters and gets its address and GSTIN (${viewport.width}px)`, async () => {
    const { page, errors } = await e2e.open(viewport);
    await signIn(page, e2e.app);
    await page.goto(`/${taxInvoice.unit}/${taxInvoice.route}`);
    const name = page.getByRole('combobox', { name: 'Client Company Name' });
    await name.click();
    await name.pressSequentially('kave');
    const option = page.getByRole('option', { name: /Kaveri Agro Industries/ });
    await option.waitFor();
    await page.screenshot({ path: `/tmp/h16-combobox-${viewport.width}.png` });
    await option.click();
    await expect.poll(() => page.getByLabel('Client Company Address').inputValue()).toBe(CLIENT.clientaddress);
    expect(await page.getByLabel('Client GSTIN/UIN').inputValue()).toBe(CLIENT.gstno);
    expect(await page.getByRole('combobox', { name: 'Client Company Name' }).inputValue()).toBe(CLIENT.clientname);
    await expect.poll(() => page.getByText('State: Karnataka').count()).toBe(1);
    await page.screenshot({ path: `/tmp/h16-picked-${viewport.width}.png` });
    expect(errors).toEqual([]);
  });
}
