import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Row } from '../../../src/engine/core';
import { apiSession, pdfNameOf, registry, signIn, useBrowserApp } from '../support';
import { keepArtifactsOnFailure } from './support/artifacts';
import { fillLines } from './support/bill-form';
import { formBillNumber, openFromMenu, saveWithPdf } from './support/screens';

/**
 * Issue 26: on the tax invoice screen, picking a saved client without a GSTIN offers to bill them as unregistered;
 * accepting opens the walk-in tax invoice with the client and the line typed so far, which then saves and prints.
 * Hand-computed: 2 × 450 = 900.00 at 18% within Maharashtra (the seller's state, proposed as place of supply):
 * CGST 81.00 + SGST 81.00, grand total 1,062.00.
 */
const e2e = useBrowserApp();
const taxInvoice = registry.byType('taxinvoice')!;
const walkIn = registry.byType('b2cinvoice')!;
const CLIENT = { clientname: 'Kaveri Agro', clientaddress: 'Hosur Road, Bengaluru 560068' };
const LINE: Row = { goods: 'Nozzle set', hsn: '8413', taxrate: '18', qty: '2', rate: '450', per: 'per' };
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

const nameInput = (page: Page) => page.getByRole('combobox', { name: 'Client Company Name' });

it('offers a walk-in tax invoice for a saved client without a GSTIN, carrying the client and the typed line over', async () => {
  const appPage = await e2e.open(VIEWPORTS[0]);
  const { page, errors } = appPage;
  await keepArtifactsOnFailure('walk-in-offer', appPage, e2e.app, async () => {
    await signIn(page, e2e.app);
    const api = await apiSession(e2e.app);
    await api.postJson(`/api/common/${registry.clients.endpoints.save}`, CLIENT);

    await openFromMenu(page, 'Create Bill', taxInvoice);
    await fillLines(page, taxInvoice, [LINE]);
    await nameInput(page).click();
    await nameInput(page).pressSequentially('Kave');
    await page.getByRole('option', { name: /Kaveri Agro/ }).click();

    const offer = page.getByRole('dialog', { name: 'Client without a GSTIN' });
    await offer.getByText('Kaveri Agro has no GSTIN. Bill them on a Walk-in Tax Invoice Bill?', { exact: true }).waitFor();
    // The safe answer has the focus: Enter keeps the operator on the tax invoice.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Stay here');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `/tmp/offer-shots/offer-${viewport.width}x${viewport.height}.png` });
    }
    await page.setViewportSize(VIEWPORTS[0]);
    await offer.getByRole('button', { name: 'Bill as unregistered', exact: true }).click();

    await page.waitForURL(`**/${walkIn.unit}/${walkIn.route}`);
    expect(await formBillNumber(page, walkIn)).toBe(1);
    await expect.poll(() => nameInput(page).inputValue()).toBe(CLIENT.clientname);
    expect(await page.getByLabel('Client Company Address', { exact: true }).inputValue()).toBe(CLIENT.clientaddress);
    expect(await page.getByLabel('Description of Goods, Sr. No. 1', { exact: true }).inputValue()).toBe('Nozzle set');
    expect(await page.getByLabel('Client GSTIN/UIN', { exact: true }).count()).toBe(0);
    // Moving on was the operator's answer: no "Leave without saving?" on the way.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.screenshot({ path: '/tmp/offer-shots/walk-in-carried-1366x768.png' });

    const saved = await saveWithPdf(page, 'Save And Create PDF', 'Are you sure?', walkIn);
    expect(saved.fileName).toBe(pdfNameOf(walkIn, 1, CLIENT.clientname));
    expect(saved.text).toContain('Invoice No. B/1');
    expect(saved.text).toContain('Kaveri Agro');
    expect(saved.text).toContain('Nozzle set');
    expect(saved.text).toContain('Place of Supply: Maharashtra (27)');
    expect(saved.text).toContain('CGST @ 9% 81.00');
    expect(saved.text).toContain('SGST @ 9% 81.00');
    expect(saved.text).toContain('₹ 1,062.00');
    expect(errors).toEqual([]);
  });
}, 180_000);
